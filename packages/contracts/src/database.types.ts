// Generated from supabase/migrations by `npm run gen:types` (apps/server/src/db/types). Do not edit:
// change a migration and run the script again; a test fails while this file is stale.

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  public: {
    Tables: {
      api_keys: {
        Row: {
          created_at: string
          created_by: string | null
          created_by_email: string | null
          expires_at: string | null
          id: string
          key_hash: string
          key_preview: string
          last_used_at: string | null
          monthly_credit_cap: number | null
          name: string
          revoked_at: string | null
          usage_month: string | null
          usage_month_credits: number
          user_id: string
        }
        Insert: {
          created_at?: string
          created_by?: string | null
          created_by_email?: string | null
          expires_at?: string | null
          id?: string
          key_hash: string
          key_preview: string
          last_used_at?: string | null
          monthly_credit_cap?: number | null
          name: string
          revoked_at?: string | null
          usage_month?: string | null
          usage_month_credits?: number
          user_id: string
        }
        Update: {
          created_at?: string
          created_by?: string | null
          created_by_email?: string | null
          expires_at?: string | null
          id?: string
          key_hash?: string
          key_preview?: string
          last_used_at?: string | null
          monthly_credit_cap?: number | null
          name?: string
          revoked_at?: string | null
          usage_month?: string | null
          usage_month_credits?: number
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "api_keys_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "end_users"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "api_keys_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      audit_events: {
        Row: {
          action: string
          actor_email: string | null
          actor_id: string | null
          company_id: string
          created_at: string
          details: Json
          id: number
          target: string | null
        }
        Insert: {
          action: string
          actor_email?: string | null
          actor_id?: string | null
          company_id: string
          created_at?: string
          details?: Json
          id?: never
          target?: string | null
        }
        Update: {
          action?: string
          actor_email?: string | null
          actor_id?: string | null
          company_id?: string
          created_at?: string
          details?: Json
          id?: never
          target?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "audit_events_company_id_fkey"
            columns: ["company_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      brand_voices: {
        Row: {
          prompt: string
          updated_at: string
          user_id: string
        }
        Insert: {
          prompt: string
          updated_at?: string
          user_id: string
        }
        Update: {
          prompt?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "brand_voices_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: true
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      credit_ledger: {
        Row: {
          balance_after: number
          created_at: string
          delta: number
          id: number
          reason: string
          reference: string
          user_id: string
        }
        Insert: {
          balance_after: number
          created_at?: string
          delta: number
          id?: never
          reason: string
          reference: string
          user_id: string
        }
        Update: {
          balance_after?: number
          created_at?: string
          delta?: number
          id?: never
          reason?: string
          reference?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "credit_ledger_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      end_users: {
        Row: {
          auth_user_id: string | null
          created_at: string
          email: string
          id: string
          invited_at: string | null
          joined_at: string | null
          role: string
          user_id: string
        }
        Insert: {
          auth_user_id?: string | null
          created_at?: string
          email: string
          id?: string
          invited_at?: string | null
          joined_at?: string | null
          role?: string
          user_id: string
        }
        Update: {
          auth_user_id?: string | null
          created_at?: string
          email?: string
          id?: string
          invited_at?: string | null
          joined_at?: string | null
          role?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "end_users_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      glossaries: {
        Row: {
          created_at: string
          entries: Json
          entry_count: number
          id: string
          language_code: string
          name: string
          updated_at: string
          user_id: string
        }
        Insert: {
          created_at?: string
          entries?: Json
          entry_count?: number
          id?: string
          language_code: string
          name: string
          updated_at?: string
          user_id: string
        }
        Update: {
          created_at?: string
          entries?: Json
          entry_count?: number
          id?: string
          language_code?: string
          name?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "glossaries_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      operation_language_stats: {
        Row: {
          language: string
          operations: number
          user_id: string
        }
        Insert: {
          language: string
          operations: number
          user_id: string
        }
        Update: {
          language?: string
          operations?: number
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "operation_language_stats_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      operation_stats: {
        Row: {
          bucket_start: string
          operations: number
          user_id: string
          with_language: number
        }
        Insert: {
          bucket_start: string
          operations: number
          user_id: string
          with_language: number
        }
        Update: {
          bucket_start?: string
          operations?: number
          user_id?: string
          with_language?: number
        }
        Relationships: [
          {
            foreignKeyName: "operation_stats_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      operations: {
        Row: {
          action: string
          api_key_id: string | null
          app_name: string | null
          characters: number | null
          cost: number
          created_at: string
          duration_ms: number | null
          engine: string | null
          file_id: string | null
          from_memory: boolean | null
          id: number
          language: string | null
          member_email: string | null
          model: string | null
          tool: string
          user_id: string
        }
        Insert: {
          action: string
          api_key_id?: string | null
          app_name?: string | null
          characters?: number | null
          cost?: number
          created_at?: string
          duration_ms?: number | null
          engine?: string | null
          file_id?: string | null
          from_memory?: boolean | null
          id?: never
          language?: string | null
          member_email?: string | null
          model?: string | null
          tool: string
          user_id: string
        }
        Update: {
          action?: string
          api_key_id?: string | null
          app_name?: string | null
          characters?: number | null
          cost?: number
          created_at?: string
          duration_ms?: number | null
          engine?: string | null
          file_id?: string | null
          from_memory?: boolean | null
          id?: never
          language?: string | null
          member_email?: string | null
          model?: string | null
          tool?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "operations_api_key_id_fkey"
            columns: ["api_key_id"]
            isOneToOne: false
            referencedRelation: "api_keys"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "operations_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      payments: {
        Row: {
          amount_cents: number
          checkout_url: string | null
          created_at: string
          credited_at: string | null
          credits: number
          currency: string
          id: string
          member_email: string | null
          paid_at: string | null
          provider: string
          provider_reference: string | null
          receipt_number: string | null
          session_id: string
          status: string
          stripe_receipt_url: string | null
          user_id: string
        }
        Insert: {
          amount_cents: number
          checkout_url?: string | null
          created_at?: string
          credited_at?: string | null
          credits: number
          currency?: string
          id?: string
          member_email?: string | null
          paid_at?: string | null
          provider: string
          provider_reference?: string | null
          receipt_number?: string | null
          session_id: string
          status?: string
          stripe_receipt_url?: string | null
          user_id: string
        }
        Update: {
          amount_cents?: number
          checkout_url?: string | null
          created_at?: string
          credited_at?: string | null
          credits?: number
          currency?: string
          id?: string
          member_email?: string | null
          paid_at?: string | null
          provider?: string
          provider_reference?: string | null
          receipt_number?: string | null
          session_id?: string
          status?: string
          stripe_receipt_url?: string | null
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "payments_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      style_guides: {
        Row: {
          content: string
          created_at: string
          display_order: number
          id: string
          is_enabled: boolean
          title: string
          updated_at: string
          user_id: string
        }
        Insert: {
          content: string
          created_at?: string
          display_order?: number
          id?: string
          is_enabled?: boolean
          title: string
          updated_at?: string
          user_id: string
        }
        Update: {
          content?: string
          created_at?: string
          display_order?: number
          id?: string
          is_enabled?: boolean
          title?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "style_guides_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      tm_entries: {
        Row: {
          created_at: string
          enabled: boolean
          id: string
          information_source: string
          priority: number
          source_language_code: string
          source_name: string | null
          source_text: string
          target_language_code: string
          target_text: string
          updated_at: string
          user_id: string
        }
        Insert: {
          created_at?: string
          enabled?: boolean
          id?: string
          information_source?: string
          priority?: number
          source_language_code: string
          source_name?: string | null
          source_text: string
          target_language_code: string
          target_text: string
          updated_at?: string
          user_id: string
        }
        Update: {
          created_at?: string
          enabled?: boolean
          id?: string
          information_source?: string
          priority?: number
          source_language_code?: string
          source_name?: string | null
          source_text?: string
          target_language_code?: string
          target_text?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "tm_entries_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      usage_bucket_stats: {
        Row: {
          bucket_start: string
          credits: number
          dimension: string
          key: string
          operations: number
          user_id: string
        }
        Insert: {
          bucket_start: string
          credits: number
          dimension: string
          key: string
          operations: number
          user_id: string
        }
        Update: {
          bucket_start?: string
          credits?: number
          dimension?: string
          key?: string
          operations?: number
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "usage_bucket_stats_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      usage_day_stats: {
        Row: {
          credits: number
          day: string
          dimension: string
          key: string
          operations: number
          user_id: string
        }
        Insert: {
          credits: number
          day: string
          dimension: string
          key: string
          operations: number
          user_id: string
        }
        Update: {
          credits?: number
          day?: string
          dimension?: string
          key?: string
          operations?: number
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "usage_day_stats_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      user_feedback: {
        Row: {
          approved: boolean | null
          created_at: string
          feedback: string | null
          id: string
          language: string
          result: string
          source: string
          user_id: string
        }
        Insert: {
          approved?: boolean | null
          created_at?: string
          feedback?: string | null
          id?: string
          language: string
          result: string
          source: string
          user_id: string
        }
        Update: {
          approved?: boolean | null
          created_at?: string
          feedback?: string | null
          id?: string
          language?: string
          result?: string
          source?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "user_feedback_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      user_languages_mapping: {
        Row: {
          created_at: string
          custom_style: string | null
          formality: string | null
          id: string
          language: string
          language_code: string
          user_id: string
        }
        Insert: {
          created_at?: string
          custom_style?: string | null
          formality?: string | null
          id?: string
          language: string
          language_code: string
          user_id: string
        }
        Update: {
          created_at?: string
          custom_style?: string | null
          formality?: string | null
          id?: string
          language?: string
          language_code?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "user_languages_mapping_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      users: {
        Row: {
          created_at: string
          credits: number
          ever_credited: boolean
          id: string
          keep_request_texts: boolean
          low_balance_armed: boolean
          low_balance_below: boolean | null
          low_balance_threshold: number | null
          name: string | null
        }
        Insert: {
          created_at?: string
          credits?: number
          ever_credited?: boolean
          id: string
          keep_request_texts?: boolean
          low_balance_armed?: boolean
          low_balance_below?: never
          low_balance_threshold?: number | null
          name?: string | null
        }
        Update: {
          created_at?: string
          credits?: number
          ever_credited?: boolean
          id?: string
          keep_request_texts?: boolean
          low_balance_armed?: boolean
          low_balance_below?: never
          low_balance_threshold?: number | null
          name?: string | null
        }
        Relationships: []
      }
    }
    Views: { [_ in never]: never }
    Functions: {
      operation_daily_counts: {
        Args: {
          time_zone?: string
        }
        Returns: {
          count: number
          date: string
        }[]
      }
      operation_language_counts: {
        Args: {
          top_n?: number
        }
        Returns: {
          count: number
          language: string
        }[]
      }
      operations_today: {
        Args: {
          time_zone?: string
        }
        Returns: Json
      }
    }
    Enums: { [_ in never]: never }
    CompositeTypes: { [_ in never]: never }
  }
}

type Schema = Database["public"]

export type Tables<T extends keyof Schema["Tables"]> = Schema["Tables"][T]["Row"]
export type TablesInsert<T extends keyof Schema["Tables"]> = Schema["Tables"][T]["Insert"]
export type TablesUpdate<T extends keyof Schema["Tables"]> = Schema["Tables"][T]["Update"]
export type Views<T extends keyof Schema["Views"]> = Schema["Views"][T]["Row"]
export type Functions<T extends keyof Schema["Functions"]> = Schema["Functions"][T]
export type Enums<T extends keyof Schema["Enums"]> = Schema["Enums"][T]
