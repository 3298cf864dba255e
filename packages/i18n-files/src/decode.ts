import { FileFormatError } from "./types"

/**
 * Reads an uploaded file's bytes as text: UTF-8 with or without a byte order mark, or UTF-16
 * (little or big endian) with one. Anything else — invalid UTF-8, UTF-16 without its mark — is
 * refused rather than guessed, so no string is silently garbled.
 */
export function decodeFile(bytes: Uint8Array): string {
  const [a, b, c, d] = bytes
  if (
    (a === 0xff && b === 0xfe && c === 0 && d === 0) ||
    (a === 0 && b === 0 && c === 0xfe && d === 0xff)
  )
    throw new FileFormatError("unsupported_encoding", "The file is UTF-32; save it as UTF-8.")
  if (a === 0xef && b === 0xbb && c === 0xbf) return utf8(bytes.subarray(3))
  if (a === 0xff && b === 0xfe) return utf16(bytes.subarray(2), "utf-16le")
  if (a === 0xfe && b === 0xff) return utf16(bytes.subarray(2), "utf-16be")
  if (bytes.subarray(0, 4096).includes(0))
    throw new FileFormatError(
      "unsupported_encoding",
      "The file contains NUL bytes: UTF-16 needs a byte order mark; save it as UTF-8.",
    )
  return utf8(bytes)
}

function utf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes)
  } catch {
    throw new FileFormatError(
      "unsupported_encoding",
      "The file is not valid UTF-8 (nor UTF-16 with a byte order mark); save it as UTF-8.",
    )
  }
}

function utf16(bytes: Uint8Array, encoding: "utf-16le" | "utf-16be"): string {
  if (bytes.length % 2 !== 0)
    throw new FileFormatError(
      "unsupported_encoding",
      `The file is not valid ${encoding.toUpperCase()}: it has an odd number of bytes.`,
    )
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes)
  } catch {
    throw new FileFormatError(
      "unsupported_encoding",
      `The file is not valid ${encoding.toUpperCase()}.`,
    )
  }
}
