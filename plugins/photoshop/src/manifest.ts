/**
 * The UXP manifest.json of the Photoshop plugin, written for one Nativ server: the server serves
 * the plugin's build with this manifest (GET /plugins/photoshop.zip), so the plugin may reach
 * exactly that server. Fields as Adobe documents manifest v5
 * (https://developer.adobe.com/photoshop/uxp/2022/guides/uxp_guide/uxp-misc/manifest-v5/).
 */
export type UxpIcon = {
  width: number
  height: number
  path: string
  scale: number[]
  theme: string[]
  species?: string[]
}

export type PhotoshopManifest = {
  manifestVersion: 5
  id: string
  name: string
  version: string
  main: string
  host: { app: "PS"; minVersion: string }
  entrypoints: {
    type: "panel"
    id: string
    label: { default: string }
    minimumSize: { width: number; height: number }
    maximumSize: { width: number; height: number }
    preferredDockedSize: { width: number; height: number }
    preferredFloatingSize: { width: number; height: number }
    icons: UxpIcon[]
  }[]
  icons: UxpIcon[]
  requiredPermissions: {
    network: { domains: [string] }
    launchProcess: { schemes: [string]; extensions: string[] }
    localFileSystem: "fullAccess"
  }
}

/**
 * Manifest v5 (its permissions model) needs Photoshop 23.3 (UXP 6); the plugin's other needs are
 * older: `core.executeAsModal` came with Photoshop 23.0, the text layer API with 23.x.
 */
export const PHOTOSHOP_MIN_VERSION = "23.3.0"

/** The panel's id: Photoshop keeps the panel's place and size under it. */
export const PANEL_ID = "nativ-panel"

/**
 * UXP picks `<name>@1x.png` or `<name>@2x.png` for an icon declared as `<name>.png` with scale
 * [1, 2]: the build writes both of each.
 */
const icon = (path: string, size: number, theme: string[], species?: string[]): UxpIcon => ({
  width: size,
  height: size,
  path,
  scale: [1, 2],
  theme,
  ...(species ? { species } : {}),
})

/** The files of the plugin's build that the manifest names, relative to the build folder. */
export const PHOTOSHOP_PLUGIN_FILES = [
  "index.html",
  ...["dark", "light", "plugin-icon"].flatMap((name) => [
    `icons/${name}@1x.png`,
    `icons/${name}@2x.png`,
  ]),
]

/** The origin (scheme, host and port) of a server's public URL; throws on anything but http(s). */
function serverOrigin(publicUrl: string) {
  const url = new URL(publicUrl)
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error(`A Nativ server is reached over http or https, not ${url.protocol}`)
  return url
}

export function photoshopManifest(publicUrl: string): PhotoshopManifest {
  const url = serverOrigin(publicUrl)
  return {
    manifestVersion: 5,
    id: "com.nativ.photoshop",
    name: "Nativ",
    version: "0.1.0",
    main: "index.html",
    host: { app: "PS", minVersion: PHOTOSHOP_MIN_VERSION },
    entrypoints: [
      {
        type: "panel",
        id: PANEL_ID,
        label: { default: "Nativ" },
        minimumSize: { width: 260, height: 320 },
        maximumSize: { width: 2000, height: 2000 },
        preferredDockedSize: { width: 300, height: 520 },
        preferredFloatingSize: { width: 360, height: 600 },
        icons: [
          icon("icons/dark.png", 23, ["darkest", "dark", "medium"]),
          icon("icons/light.png", 23, ["lightest", "light"]),
        ],
      },
    ],
    icons: [icon("icons/plugin-icon.png", 48, ["all"], ["pluginList"])],
    requiredPermissions: {
      // The API and the sign-in: this server only.
      network: { domains: [url.origin] },
      // "Connect to Nativ" opens this server's approval page in the browser (shell.openExternal).
      launchProcess: { schemes: [url.protocol.slice(0, -1)], extensions: [] },
      // Copies are saved beside the original document (createEntryWithUrl with a file: URL),
      // outside the plugin's own folders.
      localFileSystem: "fullAccess",
    },
  }
}
