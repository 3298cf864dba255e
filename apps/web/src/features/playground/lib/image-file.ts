import {
  IMAGE_MEDIA_TYPES,
  IMAGE_PIXELS_MAX,
  IMAGE_UPLOAD_MAX_BYTES,
  type ImageOutputFormat,
} from "@nativ/contracts"

import { formatNumber } from "@/lib/format"

/** The file picker's filter: the three types the server reads. */
export const IMAGE_ACCEPT = ".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp"

export const IMAGE_LIMITS_TEXT = `JPEG, PNG or WebP, up to ${IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024} MB`

const WRONG_TYPE_MESSAGE = "Please choose a JPEG, PNG or WebP image"

/** "240 KB", "3.2 MB": a file's size as a person reads it. */
export function formatFileSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${formatNumber(Math.round((bytes / 1024 / 1024) * 10) / 10)} MB`
}

const byExtension: Record<string, (typeof IMAGE_MEDIA_TYPES)[number]> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
}

/**
 * Why the server would refuse `file` before reading it (415 for another type, 413 when too large),
 * or null. A file the browser gives no type goes by its extension.
 */
export function imageFileProblem(file: File): string | null {
  const extension = file.name.split(".").pop()?.toLowerCase() ?? ""
  const type = file.type || byExtension[extension] || ""
  if (!(IMAGE_MEDIA_TYPES as readonly string[]).includes(type)) return WRONG_TYPE_MESSAGE
  if (file.size > IMAGE_UPLOAD_MAX_BYTES)
    return `This image is ${formatFileSize(file.size)}; the limit is ${formatFileSize(IMAGE_UPLOAD_MAX_BYTES)}.`
  if (file.size === 0) return "This file is empty."
  return null
}

/** The pixel limit (a 400 from the server), checked once the preview knows the image's size. */
export function imagePixelsProblem(width: number, height: number): string | null {
  return width * height > IMAGE_PIXELS_MAX
    ? `This image is ${formatNumber(width)} × ${formatNumber(height)} pixels; the limit is ${formatNumber(IMAGE_PIXELS_MAX)} pixels (4,000 × 4,000).`
    : null
}

const IMAGE_MIME: Record<ImageOutputFormat, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
}

/** A returned image as a data: URL for <img>. */
export function imageDataUrl(base64: string, format: ImageOutputFormat) {
  return `data:${IMAGE_MIME[format]};base64,${base64}`
}

/** A returned image as a Blob to download. */
export function imageBlob(base64: string, format: ImageOutputFormat) {
  const binary = atob(base64)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return new Blob([bytes], { type: IMAGE_MIME[format] })
}

/** "banner-fr.png" for banner.jpg localized into FR as PNG; "-2" and on for further variants. */
export function localizedFileName(
  source: string,
  languageCode: string,
  format: ImageOutputFormat,
  variant = 0,
) {
  const base = source.replace(/\.[^.]+$/, "") || "image"
  const suffix = variant > 0 ? `-${variant + 1}` : ""
  return `${base}-${languageCode.toLowerCase()}${suffix}.${format === "jpeg" ? "jpg" : format}`
}
