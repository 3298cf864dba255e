import { IMAGE_OUTPUT_FORMATS, type ImageOutputFormat } from "@nativ/contracts"

import { Label } from "@/components/ui/label"
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select"

const names: Record<ImageOutputFormat, string> = { png: "PNG", jpeg: "JPEG", webp: "WebP" }

/** 'Output format' of a localized image: PNG (default), JPEG or WebP. */
export function OutputFormatSelect({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string
  value: ImageOutputFormat
  onChange: (format: ImageOutputFormat) => void
  disabled?: boolean
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Output format</Label>
      <Select
        value={value}
        onValueChange={(next) => onChange(next as ImageOutputFormat)}
        disabled={disabled}
      >
        <SelectTrigger id={id} className="w-full sm:w-40">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {IMAGE_OUTPUT_FORMATS.map((format) => (
            <SelectItem key={format} value={format}>
              {names[format]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  )
}
