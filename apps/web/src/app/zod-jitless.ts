/**
 * Runs before zod loads: zod's compiled parsers probe `new Function` once, and under the server's
 * Content-Security-Policy (no 'unsafe-eval') the browser reports that probe as a violation even
 * though zod catches it. `jitless` skips the probe. It is set through the global that zod reads its
 * configuration from (what `z.config` writes), because importing zod here would put it back in the
 * first load of /auth.
 */
const global = globalThis as { __zod_globalConfig?: Record<string, unknown> }
global.__zod_globalConfig = { ...global.__zod_globalConfig, jitless: true }
