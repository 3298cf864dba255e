export * from "./types"
