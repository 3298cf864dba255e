import { createHash } from "node:crypto"

/** A Content-Security-Policy source allowing exactly this inline script or style block. */
export function sha256Source(text: string) {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`
}

/** The hash sources of a page's inline `<script>` blocks (those without `src`). */
export function inlineScriptHashes(html: string): string[] {
  const blocks = html.matchAll(/<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi)
  return [...blocks].map((block) => sha256Source(block[1] ?? ""))
}
