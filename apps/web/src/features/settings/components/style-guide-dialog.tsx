import { zodResolver } from "@hookform/resolvers/zod"
import {
  STYLE_GUIDE_CONTENT_MAX,
  STYLE_GUIDE_TITLE_MAX,
  type StyleGuide,
  styleGuideCreateSchema,
} from "@nativ/contracts"
import * as React from "react"
import { useForm, useWatch } from "react-hook-form"
import { toast } from "sonner"
import { z } from "zod"

import { Button } from "@/components/ui/button"
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog"
import { FormField } from "@/components/ui/form-field"
import { Label } from "@/components/ui/label"
import { Textarea } from "@/components/ui/textarea"

import { useCreateStyleGuide, useUpdateStyleGuide } from "../api/style-guides"
import { CharacterCount } from "./character-count"

const { title, content } = styleGuideCreateSchema.shape
const formSchema = z.object({ title, content })
type FormValues = z.infer<typeof formSchema>

/** Adds a style guide, or edits `guide`: a title and its text, in a dialog opened by `trigger`. */
export function StyleGuideDialog({
  guide,
  trigger,
}: {
  guide?: StyleGuide
  trigger: React.ReactNode
}) {
  const [open, setOpen] = React.useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{guide ? "Edit style guide" : "Add style guide"}</DialogTitle>
          <DialogDescription>
            Enabled guides are sent, in order, with every culturalization.
          </DialogDescription>
        </DialogHeader>
        {open && <GuideForm guide={guide} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  )
}

function GuideForm({ guide, onDone }: { guide: StyleGuide | undefined; onDone: () => void }) {
  const create = useCreateStyleGuide()
  const update = useUpdateStyleGuide()
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { title: guide?.title ?? "", content: guide?.content ?? "" },
  })
  const text = useWatch({ control: form.control, name: "content" })
  const { errors } = form.formState
  const busy = create.isPending || update.isPending

  const submit = form.handleSubmit((values) => {
    const done = (description: string) => () => {
      toast.success("Success", { description })
      onDone()
    }
    if (guide)
      update.mutate({ id: guide.id, change: values }, { onSuccess: done("Style guide saved") })
    else create.mutate(values, { onSuccess: done("Style guide added") })
  })

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <FormField
        label="Title"
        placeholder="e.g. Product names"
        maxLength={STYLE_GUIDE_TITLE_MAX}
        autoComplete="off"
        error={errors.title?.message}
        {...form.register("title")}
      />
      <div className="grid gap-2">
        <div className="flex items-baseline justify-between gap-2">
          <Label htmlFor="style-guide-content">Guide</Label>
          <CharacterCount
            id="style-guide-content-count"
            count={text.length}
            max={STYLE_GUIDE_CONTENT_MAX}
          />
        </div>
        <Textarea
          id="style-guide-content"
          rows={8}
          maxLength={STYLE_GUIDE_CONTENT_MAX}
          placeholder="e.g. Never translate product names: Nativ, Figma, Photoshop."
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={
            errors.content
              ? "style-guide-content-count style-guide-content-error"
              : "style-guide-content-count"
          }
          {...form.register("content")}
        />
        {errors.content && (
          <p id="style-guide-content-error" className="text-sm text-destructive dark:text-red-400">
            {errors.content.message}
          </p>
        )}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : guide ? "Save" : "Add guide"}
        </Button>
      </DialogFooter>
    </form>
  )
}
