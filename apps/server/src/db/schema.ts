import type { ColumnType, Generated, Kysely } from "kysely"

/**
 * Table types for Kysely, mirroring supabase/migrations. Each module adds the tables it owns; raw
 * `sql` queries work regardless.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>

export interface AuthUsersTable {
  id: Generated<string>
  aud: Generated<string | null>
  role: Generated<string | null>
  email: string | null
  encrypted_password: string | null
  email_confirmed_at: Timestamp | null
  invited_at: Timestamp | null
  confirmation_token: string | null
  confirmation_sent_at: Timestamp | null
  recovery_token: string | null
  recovery_sent_at: Timestamp | null
  last_sign_in_at: Timestamp | null
  raw_app_meta_data: Generated<Record<string, unknown>>
  raw_user_meta_data: Generated<Record<string, unknown>>
  created_at: Generated<Date>
  updated_at: Generated<Date>
  banned_until: Timestamp | null
  deleted_at: Timestamp | null
  is_anonymous: Generated<boolean>
}

export interface UsersTable {
  id: string
  name: string | null
  credits: Generated<number>
  created_at: Generated<Date>
}

export interface EndUsersTable {
  id: Generated<string>
  user_id: string
  email: string
  created_at: Generated<Date>
}

export interface DB {
  "auth.users": AuthUsersTable
  users: UsersTable
  end_users: EndUsersTable
}

export type Db = Kysely<DB>

// Data tables (supabase/migrations/20260101000300_data.sql). Declaration merging adds them to DB.

export interface ApiKeysTable {
  id: Generated<string>
  user_id: string
  name: string
  key_hash: string
  key_preview: string
  expires_at: Timestamp | null
  revoked_at: Timestamp | null
  last_used_at: Timestamp | null
  created_at: Generated<Date>
}

export interface OperationsTable {
  id: Generated<number>
  user_id: string
  action: string
  file_id: string | null
  language: string | null
  tool: string
  cost: Generated<number>
  api_key_id: string | null
  created_at: Generated<Date>
}

export interface UserLanguagesMappingTable {
  id: Generated<string>
  user_id: string
  language: string
  language_code: string
  created_at: Generated<Date>
}

export interface UserFeedbackTable {
  id: Generated<string>
  user_id: string
  source: string
  result: string
  language: string
  approved: boolean | null
  feedback: string | null
  created_at: Generated<Date>
}

export type PaymentStatus = "pending" | "paid" | "canceled"

export interface PaymentsTable {
  id: Generated<string>
  user_id: string
  provider: "local" | "stripe"
  session_id: string
  credits: number
  amount_cents: number
  currency: Generated<string>
  status: Generated<PaymentStatus>
  paid_at: Timestamp | null
  credited_at: Timestamp | null
  created_at: Generated<Date>
}

export interface CreditLedgerTable {
  id: Generated<number>
  user_id: string
  delta: number
  balance_after: number
  reason: string
  reference: string
  created_at: Generated<Date>
}

export interface OperationStatsTable {
  user_id: string
  bucket_start: Timestamp
  operations: number
  with_language: number
}

export interface OperationLanguageStatsTable {
  user_id: string
  language: string
  operations: number
}

export interface DB {
  api_keys: ApiKeysTable
  operations: OperationsTable
  user_languages_mapping: UserLanguagesMappingTable
  user_feedback: UserFeedbackTable
  payments: PaymentsTable
  credit_ledger: CreditLedgerTable
  operation_stats: OperationStatsTable
  operation_language_stats: OperationLanguageStatsTable
}
