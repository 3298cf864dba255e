import { useMutation, useQueryClient } from "@tanstack/react-query"
import { toast } from "sonner"

import { supabase } from "@/lib/supabase"

import { userLanguageKeys } from "@/hooks/use-user-languages"

export async function deleteLanguage(id: string) {
  const { error } = await supabase().from("user_languages_mapping").delete().eq("id", id)
  if (error) throw error
}

export function useDeleteLanguage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteLanguage,
    onSuccess: () => {
      toast.success("Success", { description: "Language deleted successfully" })
      return queryClient.invalidateQueries({ queryKey: userLanguageKeys.all })
    },
    meta: { errorTitle: "Error deleting language" },
  })
}
