import type { UxpFile, UxpFolder, UxpModule } from "./host"

/**
 * The Nativ server this build belongs to. The server writes the plugin's manifest.json for its
 * own origin (requiredPermissions.network.domains), the one address the plugin may reach.
 */
export async function serverUrlFromManifest(uxp: UxpModule): Promise<string> {
  const folder = (await uxp.storage.localFileSystem.getPluginFolder()) as UxpFolder
  const file = (await folder.getEntry("manifest.json")) as UxpFile
  const manifest = JSON.parse(String(await file.read({}))) as {
    requiredPermissions?: { network?: { domains?: unknown[] } }
  }
  const origin = manifest.requiredPermissions?.network?.domains?.[0]
  if (typeof origin !== "string" || !/^https?:\/\//.test(origin))
    throw new Error(
      "This copy of the plugin names no Nativ server. Download it again from your Nativ dashboard's Plugins page.",
    )
  return origin.replace(/\/+$/, "")
}
