/**
 * The UI reads its Nativ server from `<meta name="nativ-server">` in ui.html. The build writes
 * this placeholder there; whoever packages the plugin for a server (GET /plugins/figma.zip)
 * replaces it with that server's public origin, the one the manifest allows.
 */
export const SERVER_URL_PLACEHOLDER = "__NATIV_SERVER_URL__"
