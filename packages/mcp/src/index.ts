export { createNativMcpServer, SERVER_INFO } from "./server"
export { runStdio } from "./stdio"
