import { CheckCircle2Icon, ThumbsDownIcon, ThumbsUpIcon } from "lucide-react"
import { zodResolver } from "@hookform/resolvers/zod"
import * as React from "react"
import { Controller, useForm } from "react-hook-form"
import { toast } from "sonner"
import { z } from "zod"

import { Button } from "@/components/ui/button"
import { Label } from "@/components/ui/label"
import { RadioGroup, RadioGroupButton } from "@/components/ui/radio-group"
import { Textarea } from "@/components/ui/textarea"
import { useCompany } from "@/hooks/use-company"
import { showError, UserFacingError } from "@/lib/errors"

import type { PlaygroundResult } from "../api/culturalize"
import { type Rating, useSubmitFeedback } from "../api/submit-feedback"

const ratings = [
  { value: "good", label: "Good", Icon: ThumbsUpIcon },
  { value: "poor", label: "Poor", Icon: ThumbsDownIcon },
] as const

const NO_FEEDBACK = "Please either like/dislike the result or provide written feedback"

export const NOT_KEPT_IN_MEMORY =
  "A Good rating of this result is not kept in your translation memory: its words were not translated."

/**
 * The server keeps a Good rating out of the memory when the offline engine produced the result
 * (nativ.keep_approved_feedback); an entry the memory itself answered with is a person's.
 */
function ratingKept(result: PlaygroundResult) {
  if (result.engine !== "offline") return true
  return Boolean(result.from_memory && result.tm_match && result.tm_match.tm_source !== "memory")
}

/** A rating, or words that are more than spaces, or both. */
const formSchema = z
  .object({ rating: z.enum(["good", "poor"]).nullable(), feedback: z.string() })
  .refine(({ rating, feedback }) => rating !== null || feedback.trim() !== "", {
    path: ["feedback"],
    message: NO_FEEDBACK,
  })
type FormValues = z.infer<typeof formSchema>
const empty: FormValues = { rating: null, feedback: "" }

/** 'How was this result?': a changeable Good/Poor rating and optional words, saved once. */
export function FeedbackCard({ result }: { result: PlaygroundResult }) {
  const { companyId } = useCompany()
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: empty })
  const [submitted, setSubmitted] = React.useState(false)
  const submit = useSubmitFeedback({
    onSuccess: () => {
      setSubmitted(true)
      toast.success("Feedback submitted", {
        description: "Thank you for your feedback! It helps us improve.",
      })
    },
  })

  const reset = () => {
    form.reset(empty)
    setSubmitted(false)
  }

  const onSubmit = form.handleSubmit(
    ({ rating, feedback }) =>
      submit.mutate({
        userId: companyId,
        source: result.source,
        result: result.translated_text,
        language: result.language,
        rating,
        feedback,
      }),
    (errors) =>
      showError(
        "No feedback provided",
        new UserFacingError("No feedback provided", errors.feedback?.message ?? NO_FEEDBACK),
      ),
  )

  if (submitted)
    return (
      <section className="grid justify-items-center gap-3 rounded-lg border p-4 text-center">
        <p className="flex items-center gap-2 text-sm font-medium">
          <CheckCircle2Icon className="size-4 text-green-600" aria-hidden="true" />
          Feedback submitted successfully!
        </p>
        <Button variant="outline" size="sm" onClick={reset}>
          Submit More Feedback
        </Button>
      </section>
    )

  return (
    <form
      onSubmit={onSubmit}
      className="grid gap-3 rounded-lg border p-4"
      aria-labelledby="feedback-title"
    >
      <h3 id="feedback-title" className="text-sm font-semibold">
        How was this result?
      </h3>
      {!ratingKept(result) && (
        <p data-testid="rating-not-kept" className="text-xs text-muted-foreground">
          {NOT_KEPT_IN_MEMORY}
        </p>
      )}
      <Controller
        control={form.control}
        name="rating"
        render={({ field }) => (
          <RadioGroup
            aria-labelledby="feedback-title"
            value={field.value ?? ""}
            onValueChange={(value) => field.onChange(value as Rating)}
            className="flex gap-2"
          >
            {ratings.map(({ value, label, Icon }) => (
              <RadioGroupButton key={value} value={value}>
                <Icon aria-hidden="true" />
                {label}
              </RadioGroupButton>
            ))}
          </RadioGroup>
        )}
      />
      <Label htmlFor="feedback-text" className="sr-only">
        Written feedback (optional)
      </Label>
      <Textarea
        id="feedback-text"
        rows={3}
        placeholder="Tell us more about this result (optional)"
        {...form.register("feedback")}
      />
      <Button type="submit" disabled={submit.isPending} className="justify-self-start">
        {submit.isPending ? "Submitting..." : "Submit Feedback"}
      </Button>
    </form>
  )
}
