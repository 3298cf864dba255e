/** What rest.routes.ts mounts: the table and RPC handlers and the request they take. */
export { type RestRequest } from "./api-request"
export { MAX_BODY_BYTES } from "./request-body"
export { handleRpc } from "./rpc-handler"
export { handleTable } from "./table-handler"
