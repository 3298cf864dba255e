import type { TextBox } from "@nativ/contracts"
import sharp, { type OverlayOptions } from "sharp"

import type { DecodedImage } from "./decode-image"
import { type Rgb, sampleColours } from "./sample-colours"

/**
 * A text region to redraw: where the old text was and what to write there. `drawWidth` lets the
 * new text run wider than the old (to the right), `lines` how many lines it may wrap onto.
 */
export type Region = { box: TextBox; text: string; drawWidth?: number; lines?: number }

/**
 * The "offline" image culturalization: each region is covered with the colour sampled around it
 * and its new text drawn in the colour sampled from its old letters, as large as fits the box
 * (Pango, through sharp, picks the size). Flat backgrounds — banners, buttons, labels — come out
 * clean; over a photograph the patch shows, which is why a model is preferred when there is one.
 */
export async function repaint(image: DecodedImage, regions: Region[]): Promise<DecodedImage> {
  const layers: OverlayOptions[] = []
  for (const region of regions) {
    const { background, foreground } = sampleColours(image, region.box)
    const patch = padded(region.box, image)
    layers.push({
      input: {
        create: {
          width: patch.width,
          height: patch.height,
          channels: 3,
          background: rgb(background),
        },
      },
      left: patch.x,
      top: patch.y,
    })
    const text = region.text.trim()
    if (text) layers.push(await drawText({ ...region, text }, foreground, image))
  }
  const raw = { width: image.width, height: image.height, channels: 3 as const }
  const pixels = await sharp(image.pixels, { raw }).composite(layers).removeAlpha().raw().toBuffer()
  return { ...image, pixels }
}

/**
 * The text as a transparent image centred on the box. A line box is measured on the ink
 * (cap height to descender), Pango's on the line (ascent plus descent): a third more height lets
 * the letters reach the old ones' size; the width stays the box's, widened a little where the
 * image leaves room, since a translation often runs longer.
 */
async function drawText(region: Region, colour: Rgb, image: DecodedImage) {
  const box = region.box
  const wider = region.drawWidth ?? box.width + Math.round(box.width * 0.15)
  const width = Math.max(8, Math.min(wider, image.width - box.x))
  const height = Math.max(8, Math.min(Math.round(box.height * 1.35), image.height))
  const markup = `<span foreground="${hex(colour)}">${escapeMarkup(region.text)}</span>`
  // One line shrinks to fit rather than wrapping into letters too small to read.
  const wrap = (region.lines ?? 1) > 1 ? "word" : "none"
  const rendered = await sharp({
    text: { text: markup, font: "sans", width, height, rgba: true, wrap, align: "left" },
  })
    .png()
    .toBuffer({ resolveWithObject: true })
  const top = Math.round(box.y + box.height / 2 - rendered.info.height / 2)
  return {
    input: rendered.data,
    left: clamp(box.x, 0, image.width - rendered.info.width),
    top: clamp(top, 0, image.height - rendered.info.height),
  }
}

/** The box grown by a fifth of its height (anti-aliased edges, accents), kept inside the image. */
function padded(box: TextBox, image: DecodedImage): TextBox {
  const pad = Math.max(2, Math.round(box.height * 0.2))
  const x = clamp(box.x - pad, 0, image.width - 1)
  const y = clamp(box.y - pad, 0, image.height - 1)
  return {
    x,
    y,
    width: Math.max(1, Math.min(image.width, box.x + box.width + pad) - x),
    height: Math.max(1, Math.min(image.height, box.y + box.height + pad) - y),
  }
}

const clamp = (v: number, min: number, max: number) => Math.max(min, Math.min(max, v))
const rgb = ([r, g, b]: Rgb) => ({ r, g, b })
const hex = (c: Rgb) => `#${c.map((v) => v.toString(16).padStart(2, "0")).join("")}`

/** Pango markup is XML: the new text must not be read as tags. */
function escapeMarkup(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
}
