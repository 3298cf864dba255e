import sharp from "sharp"

/** An upload the visuals endpoints refuse; `status` is the HTTP answer (415 or 400). */
export class ImageInputError extends Error {
  constructor(
    readonly status: 400 | 415,
    message: string,
  ) {
    super(message)
  }
}

export type ImageFormat = "jpeg" | "png" | "webp"

/** An upload decoded once: upright, opaque RGB pixels (3 bytes each, row by row). */
export type DecodedImage = {
  format: ImageFormat
  width: number
  height: number
  pixels: Buffer
}

/**
 * The format from the file's first bytes, never from its name or declared type: a client's
 * `Content-Type` is a guess (nativ-node sends image/png for any Buffer), and only these three
 * formats are handed to the decoder, so SVG, TIFF, HEIF and the rest never reach it.
 */
export function sniffFormat(bytes: Uint8Array): ImageFormat | null {
  const at = (i: number, ...values: number[]) => values.every((v, k) => bytes[i + k] === v)
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png"
  if (at(0, 0xff, 0xd8, 0xff)) return "jpeg"
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "webp"
  return null
}

/**
 * Decodes a JPEG, PNG or WebP upload (the first frame of an animation), turned upright by its
 * EXIF orientation and laid on white where it is transparent. sharp decodes on libuv's thread
 * pool, off the request thread. The pixel limit is checked from the header before any decoding,
 * so a small file claiming huge dimensions costs nothing.
 */
export async function decodeImage(bytes: Uint8Array, maxPixels: number): Promise<DecodedImage> {
  const format = sniffFormat(bytes)
  if (!format) throw new ImageInputError(415, "The file is not a JPEG, PNG or WebP image.")
  let width: number
  let height: number
  try {
    const meta = await sharp(bytes).metadata()
    width = meta.autoOrient.width
    height = meta.autoOrient.height
  } catch {
    throw new ImageInputError(400, `The ${format.toUpperCase()} image could not be read.`)
  }
  if (width * height > maxPixels)
    throw new ImageInputError(
      400,
      `The image is ${width} × ${height} pixels; at most ${maxPixels.toLocaleString("en-US")} pixels (e.g. 4000 × 4000) are accepted.`,
    )
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: maxPixels })
      .rotate()
      .flatten({ background: "#ffffff" })
      .removeAlpha()
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true })
    return { format, width: info.width, height: info.height, pixels: data }
  } catch {
    throw new ImageInputError(400, `The ${format.toUpperCase()} image could not be decoded.`)
  }
}

/** The decoded pixels as an image file (PNG for the OCR engine, or the caller's format). */
export function encodeImage(image: DecodedImage, format: ImageFormat, quality = 90) {
  const raw = { width: image.width, height: image.height, channels: 3 as const }
  const pipeline = sharp(image.pixels, { raw })
  if (format === "jpeg") return pipeline.jpeg({ quality }).toBuffer()
  if (format === "webp") return pipeline.webp({ quality }).toBuffer()
  return pipeline.png({ compressionLevel: 6 }).toBuffer()
}
