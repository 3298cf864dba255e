import type { TextBox } from "@nativ/contracts"

import type { DecodedImage } from "./decode-image"

export type Rgb = [number, number, number]

/**
 * A text region's colours: the background is the median of a thin ring just outside the box
 * (text boxes are tight, so the ring is the surface the text sits on); the foreground is the
 * average of the pixels inside the box that differ most from it (the letters' cores, not their
 * anti-aliased edges). With no such pixels, black or white, whichever reads on the background.
 */
export function sampleColours(
  image: DecodedImage,
  box: TextBox,
): { background: Rgb; foreground: Rgb } {
  const ring = ringPixels(image, box, Math.max(2, Math.round(box.height * 0.25)))
  const background: Rgb = ring.length ? median(ring) : [255, 255, 255]
  const inside = boxPixels(image, box)
  const far = inside
    .map((p) => ({ p, d: distance(p, background) }))
    .filter((x) => x.d > 60)
    .sort((a, b) => b.d - a.d)
  const core = far.slice(0, Math.max(1, Math.ceil(far.length / 2))).map((x) => x.p)
  const foreground: Rgb = far.length ? mean(core) : readableOn(background)
  return { background, foreground }
}

function pixelAt(image: DecodedImage, x: number, y: number): Rgb {
  const i = (y * image.width + x) * 3
  return [image.pixels[i]!, image.pixels[i + 1]!, image.pixels[i + 2]!]
}

function boxPixels(image: DecodedImage, box: TextBox): Rgb[] {
  const out: Rgb[] = []
  const step = Math.max(1, Math.floor(Math.sqrt((box.width * box.height) / 20_000)))
  for (let y = box.y; y < Math.min(image.height, box.y + box.height); y += step)
    for (let x = box.x; x < Math.min(image.width, box.x + box.width); x += step)
      out.push(pixelAt(image, x, y))
  return out
}

function ringPixels(image: DecodedImage, box: TextBox, gap: number): Rgb[] {
  const out: Rgb[] = []
  const x0 = box.x - gap
  const y0 = box.y - gap
  const x1 = box.x + box.width + gap
  const y1 = box.y + box.height + gap
  const inImage = (x: number, y: number) => x >= 0 && y >= 0 && x < image.width && y < image.height
  for (let x = x0; x <= x1; x++)
    for (const y of [y0, y1]) if (inImage(x, y)) out.push(pixelAt(image, x, y))
  for (let y = y0; y <= y1; y++)
    for (const x of [x0, x1]) if (inImage(x, y)) out.push(pixelAt(image, x, y))
  return out
}

function median(pixels: Rgb[]): Rgb {
  const channel = (c: 0 | 1 | 2) => {
    const values = pixels.map((p) => p[c]).sort((a, b) => a - b)
    return values[Math.floor(values.length / 2)]!
  }
  return [channel(0), channel(1), channel(2)]
}

function mean(pixels: Rgb[]): Rgb {
  const sum = pixels.reduce((s, p) => [s[0] + p[0], s[1] + p[1], s[2] + p[2]], [0, 0, 0])
  return sum.map((v) => Math.round(v / pixels.length)) as Rgb
}

const distance = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2])

function readableOn([r, g, b]: Rgb): Rgb {
  return 0.299 * r + 0.587 * g + 0.114 * b > 140 ? [0, 0, 0] : [255, 255, 255]
}
