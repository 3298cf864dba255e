// Zod schemas and inferred types shared by the dashboard and the server, one file per area.
// Each area appends one `export * from "./<area>"` line here.
export * from "./api-error"
export * from "./api-keys"
export * from "./languages"
export * from "./culturalize"
export * from "./members"
export * from "./payments"
export * from "./storable"
export type * from "./database.types"
