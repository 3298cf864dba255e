// The server's pieces; the stdio entry point (`npx nativ-mcp`) is bin/nativ-mcp.js → src/stdio.ts.
export { createNativMcpServer, SERVER_INFO } from "./server"
export { serverUrl } from "./server-url"
