export { type ActionInputs, readInputs, runAction } from "./main"
