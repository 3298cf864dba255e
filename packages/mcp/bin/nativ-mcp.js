#!/usr/bin/env node
// The package ships TypeScript (as the rest of the repository); tsx runs it.
import { register } from "tsx/esm/api"

register()
const { runStdio } = await import("../src/stdio.ts")
await runStdio()
