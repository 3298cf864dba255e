import { useMutation } from "@tanstack/react-query"

import { supabase } from "@/lib/supabase"

export type Rating = "good" | "poor"

export type FeedbackInput = {
  userId: string | undefined
  source: string
  result: string
  language: string | undefined
  rating: Rating | null
  feedback: string
}

/** One row in `user_feedback`: approved is true for Good, false for Poor and null for none. */
export async function submitFeedback(input: FeedbackInput) {
  if (!input.userId) throw new Error("User not authenticated")
  if (!input.language) throw new Error("Language not selected")
  const text = input.feedback.trim()
  const { error } = await supabase()
    .from("user_feedback")
    .insert({
      user_id: input.userId,
      source: input.source,
      result: input.result,
      language: input.language,
      approved: input.rating === null ? null : input.rating === "good",
      feedback: text || null,
    })
  if (error) throw error
}

export const useSubmitFeedback = (options: { onSuccess?: () => void } = {}) =>
  useMutation({
    mutationFn: submitFeedback,
    onSuccess: options.onSuccess,
    meta: { errorTitle: "Error submitting feedback", errorFallback: "Failed to submit feedback" },
  })
