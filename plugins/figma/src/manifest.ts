/**
 * The manifest.json of the Figma plugin, written for one Nativ server: the server serves the
 * plugin's build with this manifest (GET /plugins/figma.zip), so the plugin may reach exactly that
 * server and nothing else. Fields as Figma's plugin manifest documents them
 * (https://developers.figma.com/docs/plugins/manifest).
 */
export type FigmaManifest = {
  name: string
  /** Figma keys a development plugin's saved data (clientStorage) by this id: it never changes. */
  id: string
  api: string
  main: string
  ui: string
  editorType: ["figma"]
  documentAccess: "dynamic-page"
  networkAccess: { allowedDomains: [string]; reasoning: string }
}

/**
 * Figma gives a plugin no way to read its manifest, so the server writes its origin into the
 * build's pages where an attribute holds this placeholder (GET /plugins/figma.zip): ui.html's
 * `<meta name="nativ-server" content="__NATIV_SERVER_URL__">` names the real origin in the
 * downloaded copy, while a script comparing with the bare placeholder is left as it is.
 */
export const SERVER_ORIGIN_PLACEHOLDER = "__NATIV_SERVER_URL__"

/** The files of the plugin's build that the manifest names, relative to the build folder. */
export const FIGMA_PLUGIN_FILES = ["code.js", "ui.html"] as const

/** The origin (scheme, host and port) of a server's public URL; throws on anything but http(s). */
export function serverOrigin(publicUrl: string) {
  const url = new URL(publicUrl)
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error(`A Nativ server is reached over http or https, not ${url.protocol}`)
  return url.origin
}

export function figmaManifest(publicUrl: string): FigmaManifest {
  const origin = serverOrigin(publicUrl)
  return {
    name: "Nativ",
    id: "nativ-figma",
    api: "1.0.0",
    main: FIGMA_PLUGIN_FILES[0],
    ui: FIGMA_PLUGIN_FILES[1],
    editorType: ["figma"],
    documentAccess: "dynamic-page",
    networkAccess: {
      allowedDomains: [origin],
      reasoning: `Nativ culturalizes the file's texts with your company's account on its Nativ server (${origin}), where you also sign in.`,
    },
  }
}
