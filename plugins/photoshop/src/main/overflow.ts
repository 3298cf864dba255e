import type { ActionDescriptor } from "photoshop/dom/CoreModules"

import { classifyOverflow, type MeasuredText } from "@nativ/plugin-core"

import type { HostDocument, HostLayer, PhotoshopModule } from "./host"

/**
 * A text that does not fit after localizing: Critical when Photoshop clips it (a paragraph text
 * box too small for the text), Warning when it grows past the canvas (point text).
 */
export type Overflow = {
  layer: string
  language: string
  severity: "critical" | "warning"
  detail: string
  /** About how many characters fit (the core's estimate). */
  fits: number
}

type Rect = { left: number; top: number; right: number; bottom: number }

/** Descriptor numbers come plain or as `{_unit, _value}`. */
const num = (value: unknown): number =>
  typeof value === "number"
    ? value
    : typeof value === "object" && value !== null && "_value" in value
      ? Number((value as { _value: unknown })._value)
      : Number.NaN

const rect = (value: unknown): Rect | null => {
  if (typeof value !== "object" || value === null) return null
  const r = value as Record<string, unknown>
  const out = { left: num(r.left), top: num(r.top), right: num(r.right), bottom: num(r.bottom) }
  return Object.values(out).every(Number.isFinite) ? out : null
}

/**
 * The text layer's paragraph box and the extent of its text, read with batchPlay: the DOM has
 * no paragraph box. `textShape[0].char` is `box` for paragraph text; `textShape[0].bounds` is the
 * box and `boundingBox` the text's glyphs, which may run past a box Photoshop then clips.
 */
export async function readTextGeometry(
  ps: PhotoshopModule,
  document: Pick<HostDocument, "id">,
  layer: Pick<HostLayer, "id">,
) {
  const [answer] = await ps.action.batchPlay(
    [
      {
        _obj: "get",
        _target: [
          { _property: "textKey" },
          { _ref: "layer", _id: layer.id },
          { _ref: "document", _id: document.id },
        ],
      },
    ],
    {},
  )
  const textKey = (answer as ActionDescriptor | undefined)?.textKey as
    | { textShape?: { char?: { _value?: string }; bounds?: unknown }[]; boundingBox?: unknown }
    | undefined
  const shape = textKey?.textShape?.[0]
  return {
    paragraph: shape?.char?._value === "box",
    box: rect(shape?.bounds),
    text: rect(textKey?.boundingBox),
  }
}

/**
 * Checks one written text layer with the core's overflow rules: paragraph text is a fixed box
 * (Critical when Photoshop clips the text), point text grows and must stay on the canvas (Warning
 * when it runs past the canvas's right edge).
 */
export async function checkOverflow(
  ps: PhotoshopModule,
  document: Pick<HostDocument, "id" | "width">,
  layer: HostLayer,
  language: string,
): Promise<Overflow | null> {
  const geometry = await readTextGeometry(ps, document, layer)
  const characters = [...layer.textItem.contents].length
  const size = (r: Rect) => ({ width: r.right - r.left, height: r.bottom - r.top })
  const bounds = layer.boundsNoEffects
  const paragraph = geometry.paragraph && geometry.box && geometry.text
  const measured: MeasuredText = paragraph
    ? {
        id: String(layer.id),
        characters,
        resize: "fixed",
        box: size(geometry.box!),
        needed: { width: size(geometry.box!).width, height: size(geometry.text!).height },
      }
    : {
        id: String(layer.id),
        characters,
        resize: "width-and-height",
        box: { width: bounds.width, height: bounds.height },
        needed: { width: bounds.width, height: bounds.height },
        parentWidth: document.width - Math.max(0, bounds.left),
      }
  const found = classifyOverflow(measured)
  if (!found) return null
  return {
    layer: layer.name,
    language,
    severity: found.severity,
    fits: found.fits,
    detail:
      found.severity === "critical"
        ? `Clipped: the text needs ${Math.ceil(measured.needed.height)} px, its box is ${Math.round(measured.box.height)} px high`
        : `Runs past the canvas: ${Math.round(bounds.width)} px wide from ${Math.round(bounds.left)} px, the canvas is ${Math.round(document.width)} px`,
  }
}
