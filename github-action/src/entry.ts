import { runAction } from "./main"

// What the runner starts (dist/index.js): inputs from INPUT_*, outputs to GITHUB_OUTPUT.
await runAction()
