import { renderSVG } from "uqr"

/** An otpauth:// URI as a QR code image (an SVG data URI), dark on white in either theme. */
export function qrCodeDataUri(text: string) {
  const svg = renderSVG(text, { border: 2, whiteColor: "#ffffff", blackColor: "#000000" })
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}
