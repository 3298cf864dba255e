import { resolve } from "node:path"

import type { Plugin } from "vite"

/** The part of Rolldown's chunking context this needs: the module graph. */
type ModuleGraph = {
  getModuleInfo(id: string): { importedIds: string[]; dynamicallyImportedIds: string[] } | null
}

type Options = {
  root: string
  /** The application's entry module. */
  entry: string
  /** What a signed-in visitor lands on: the shell's layout and its index page. */
  shell: string[]
  /** The modules of the signed-in routes: public screens never reach into them. */
  signedInRoutes: RegExp
}

/**
 * A re-export barrel such as lucide-react's index (about 2,000 icons) is not walked through: every
 * icon behind it would look needed by everyone. What is behind one stays with automatic splitting.
 */
const BARREL_IMPORTS = 500

/** Every module reachable from `from` through static imports and, with `dynamic`, lazy ones. */
function reachable(
  graph: ModuleGraph,
  from: string[],
  options: { dynamic: boolean; stopAt?: RegExp },
): Set<string> {
  const seen = new Set<string>()
  const stack = [...from]
  while (stack.length) {
    const id = stack.pop()!
    if (seen.has(id)) continue
    seen.add(id)
    const info = graph.getModuleInfo(id)
    if (!info || info.importedIds.length > BARREL_IMPORTS) continue
    const next = options.dynamic
      ? [...info.importedIds, ...info.dynamicallyImportedIds]
      : info.importedIds
    for (const n of next) if (!options.stopAt?.test(n)) stack.push(n)
  }
  return seen
}

/**
 * A code-splitting group for the signed-in Dashboard's start-up. Left to automatic splitting, the
 * shell and its index page came in about thirty files (one per combination of pages sharing a
 * module, most under 1 KB), and on a slow connection each costs a round trip on one of the
 * browser's few connections before the first signed-in screen can render.
 *
 * What the layout and the Dashboard import goes into two files:
 * - "shell": the modules no public screen uses; /auth never loads it.
 * - "shell-shared": the ones a public screen (sign-in, sign-up, the code step…) uses too.
 * The entry's own modules are left where they are: the entry loads them on every page already.
 *
 * Neither group imports from a chunk that imports it back, so the chunks evaluate in order. A
 * module that a public screen reaches has every import reachable from it too: nothing in
 * "shell-shared" (or the entry) imports from "shell", and "shell-shared" only imports from itself,
 * the entry's chunks and the library groups (React, supabase-js), which import none of ours.
 */
export function startupChunks(options: Options) {
  const abs = (module: string) => resolve(options.root, module)
  let groups: Map<string, string> | null = null
  return (id: string, graph: ModuleGraph) => {
    if (!groups) {
      const entry = reachable(graph, [abs(options.entry)], { dynamic: false })
      const publicCode = reachable(graph, [abs(options.entry)], {
        dynamic: true,
        stopAt: options.signedInRoutes,
      })
      groups = new Map()
      for (const m of reachable(graph, options.shell.map(abs), { dynamic: false })) {
        if (entry.has(m)) continue
        groups.set(m, publicCode.has(m) ? "shell-shared" : "shell")
      }
    }
    return groups.get(id) ?? null
  }
}

/**
 * Fails the build when chunks import each other in a circle. Whichever of them the browser
 * reaches first then runs before the other has defined its exports, and a component read at that
 * moment stays undefined (React error #130 on every page that uses it).
 */
export function noChunkCycles(): Plugin {
  return {
    name: "nativ:no-chunk-cycles",
    apply: "build",
    generateBundle(_options, bundle) {
      const state = new Map<string, "open" | "done">()
      const visit = (file: string, path: string[]) => {
        if (state.get(file) === "done") return
        if (state.get(file) === "open") {
          const cycle = [...path.slice(path.indexOf(file)), file].join(" -> ")
          this.error(`chunks import each other in a circle: ${cycle}`)
        }
        state.set(file, "open")
        const chunk = bundle[file]
        if (chunk?.type === "chunk") for (const next of chunk.imports) visit(next, [...path, file])
        state.set(file, "done")
      }
      for (const file of Object.keys(bundle)) visit(file, [])
    },
  }
}
