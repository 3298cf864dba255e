import { zodResolver } from "@hookform/resolvers/zod"
import { BRAND_VOICE_MAX, brandVoiceUpdateSchema } from "@nativ/contracts"
import { useForm, useWatch } from "react-hook-form"
import type { z } from "zod"

import { Button } from "@/components/ui/button"
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card"
import { Label } from "@/components/ui/label"
import { Textarea } from "@/components/ui/textarea"

import { useBrandVoice, useSaveBrandVoice } from "../api/brand-voice"
import { CharacterCount } from "./character-count"
import { ClearBrandVoiceButton } from "./clear-brand-voice-button"
import { LoadFailed, Loading } from "./style-states"

/** Style → Brand voice: how the company sounds in every language, sent with every model call. */
export function BrandVoiceCard({ canManage }: { canManage: boolean }) {
  const voice = useBrandVoice()
  return (
    <Card>
      <CardHeader>
        <CardTitle>Brand voice</CardTitle>
        <CardDescription>
          How your company sounds in every language, e.g. &quot;Warm and direct; no jargon&quot;.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {voice.isPending ? (
          <Loading>Loading brand voice...</Loading>
        ) : voice.isError ? (
          <LoadFailed what="The brand voice" onRetry={() => void voice.refetch()} />
        ) : (
          <BrandVoiceForm
            key={voice.data.prompt ?? ""}
            saved={voice.data.prompt}
            canManage={canManage}
          />
        )}
      </CardContent>
    </Card>
  )
}

type FormValues = z.input<typeof brandVoiceUpdateSchema>

function BrandVoiceForm({ saved, canManage }: { saved: string | null; canManage: boolean }) {
  const save = useSaveBrandVoice()
  const form = useForm<FormValues, unknown, z.output<typeof brandVoiceUpdateSchema>>({
    resolver: zodResolver(brandVoiceUpdateSchema),
    defaultValues: { prompt: saved ?? "" },
  })
  const text = useWatch({ control: form.control, name: "prompt" }) ?? ""
  const error = form.formState.errors.prompt?.message
  const unchanged = text.trim() === (saved ?? "")

  const submit = form.handleSubmit(({ prompt }) => save.mutate(prompt))

  if (!canManage && !saved)
    return <p className="text-sm text-muted-foreground">No brand voice has been set.</p>
  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor="brand-voice">Brand voice</Label>
        <CharacterCount id="brand-voice-count" count={text.length} max={BRAND_VOICE_MAX} />
      </div>
      <Textarea
        id="brand-voice"
        rows={6}
        readOnly={!canManage}
        maxLength={BRAND_VOICE_MAX}
        placeholder="e.g. Friendly and confident. Short sentences. Address the reader directly."
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "brand-voice-count brand-voice-error" : "brand-voice-count"}
        {...form.register("prompt")}
      />
      {error && (
        <p id="brand-voice-error" className="text-sm text-destructive dark:text-red-400">
          {error}
        </p>
      )}
      {canManage && (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={unchanged || save.isPending}>
            {save.isPending ? "Saving..." : "Save brand voice"}
          </Button>
          <ClearBrandVoiceButton
            disabled={!saved || save.isPending}
            onConfirm={() => save.mutate(null)}
          />
        </div>
      )}
    </form>
  )
}
