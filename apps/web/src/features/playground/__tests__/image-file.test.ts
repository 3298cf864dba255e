import { describe, expect, it } from "vitest"

import {
  formatFileSize,
  imageBlob,
  imageFileProblem,
  imagePixelsProblem,
  localizedFileName,
} from "../lib/image-file"

const file = (name: string, type: string, size = 3) => {
  const f = new File(["x".repeat(Math.min(size, 10))], name, { type })
  Object.defineProperty(f, "size", { value: size })
  return f
}

describe("image files", () => {
  it("accepts JPEG, PNG and WebP, going by the extension when the browser gives no type", () => {
    expect(imageFileProblem(file("a.jpg", "image/jpeg"))).toBeNull()
    expect(imageFileProblem(file("a.webp", ""))).toBeNull()
    expect(imageFileProblem(file("a.gif", "image/gif"))).toBe(
      "Please choose a JPEG, PNG or WebP image",
    )
    expect(imageFileProblem(file("a.svg", ""))).toBe("Please choose a JPEG, PNG or WebP image")
  })

  it("refuses an empty file and one over 10 MB, saying its size", () => {
    expect(imageFileProblem(file("a.png", "image/png", 0))).toBe("This file is empty.")
    expect(imageFileProblem(file("a.png", "image/png", 10 * 1024 * 1024))).toBeNull()
    expect(imageFileProblem(file("a.png", "image/png", 12_900_000))).toBe(
      "This image is 12.3 MB; the limit is 10 MB.",
    )
    expect(formatFileSize(900)).toBe("900 B")
    expect(formatFileSize(14_500)).toBe("14 KB")
  })

  it("allows up to 16,000,000 pixels", () => {
    expect(imagePixelsProblem(4_000, 4_000)).toBeNull()
    expect(imagePixelsProblem(4_001, 4_000)).toMatch(/^This image is 4,001 × 4,000 pixels/)
  })

  it("names a download after the source, the language and the format", () => {
    expect(localizedFileName("banner.jpg", "PT-BR", "png")).toBe("banner-pt-br.png")
    expect(localizedFileName("summer.sale.webp", "FR", "jpeg", 1)).toBe("summer.sale-fr-2.jpg")
    expect(localizedFileName(".png", "DE", "webp")).toBe("image-de.webp")
  })

  it("turns base64 back into the image's bytes", async () => {
    const blob = imageBlob(btoa("\x89PNG"), "png")
    expect(blob.type).toBe("image/png")
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47])
  })
})
