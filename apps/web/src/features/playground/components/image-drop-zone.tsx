import { ImageUpIcon, XIcon } from "lucide-react"
import * as React from "react"

import { Button } from "@/components/ui/button"
import { Label } from "@/components/ui/label"
import { cn } from "@/lib/utils"

import { formatFileSize, IMAGE_ACCEPT, IMAGE_LIMITS_TEXT } from "../lib/image-file"

/**
 * The image to work on: dropped on the zone or chosen with the file picker (the zone opens it on
 * click, Enter or Space), then previewed. `problem` says why the last file was refused.
 */
export function ImageDropZone({
  file,
  previewUrl,
  problem,
  disabled,
  onPick,
  onClear,
  onPreviewLoad,
}: {
  file: File | null
  previewUrl: string | null
  problem: string | null
  disabled?: boolean
  onPick: (file: File) => void
  onClear: () => void
  onPreviewLoad: (width: number, height: number) => void
}) {
  const id = React.useId()
  const inputRef = React.useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = React.useState(false)

  const choose = () => {
    if (!disabled) inputRef.current?.click()
  }
  const onDrop = (event: React.DragEvent) => {
    event.preventDefault()
    setDragging(false)
    const dropped = event.dataTransfer.files[0]
    if (dropped && !disabled) onPick(dropped)
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Image file</Label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={IMAGE_ACCEPT}
        hidden
        disabled={disabled}
        onChange={(event) => {
          const picked = event.target.files?.[0]
          // Cleared, so choosing the same file again after removing it still reports a change.
          event.target.value = ""
          if (picked) onPick(picked)
        }}
      />
      <div
        role="button"
        tabIndex={disabled ? -1 : 0}
        aria-disabled={disabled || undefined}
        aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ""}`}
        data-testid="image-drop-zone"
        onClick={choose}
        onKeyDown={(event) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault()
            choose()
          }
        }}
        onDragOver={(event) => {
          event.preventDefault()
          if (!disabled) setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "grid min-h-48 cursor-pointer place-items-center gap-2 rounded-lg border-2 border-dashed p-4 text-center text-sm text-muted-foreground transition-colors outline-none hover:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/50",
          dragging && "border-primary bg-primary/5",
          disabled && "cursor-not-allowed opacity-60",
        )}
      >
        {file && previewUrl ? (
          <img
            src={previewUrl}
            alt={`Preview of ${file.name}`}
            onLoad={(event) =>
              onPreviewLoad(event.currentTarget.naturalWidth, event.currentTarget.naturalHeight)
            }
            className="max-h-72 w-auto max-w-full rounded-md object-contain"
          />
        ) : (
          <>
            <ImageUpIcon className="size-8" aria-hidden="true" />
            <span>
              <span className="font-medium text-foreground">Drag and drop an image here</span>, or
              click to choose a file
            </span>
          </>
        )}
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {IMAGE_LIMITS_TEXT}.{file ? " Drop or choose another image to replace this one." : ""}
      </p>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-sm text-destructive dark:text-red-400">
          {problem}
        </p>
      )}
      {file && (
        <div className="flex items-center justify-between gap-2 rounded-md bg-muted px-3 py-1.5 text-sm">
          <span className="min-w-0 truncate" data-testid="image-file">
            <span className="font-medium">{file.name}</span>{" "}
            <span className="text-muted-foreground">({formatFileSize(file.size)})</span>
          </span>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="h-7 px-2"
            onClick={onClear}
            disabled={disabled}
            aria-label="Remove image"
          >
            <XIcon aria-hidden="true" />
          </Button>
        </div>
      )}
    </div>
  )
}
