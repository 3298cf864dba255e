import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

import ts from "typescript"

const pluginRoot = join(dirname(fileURLToPath(import.meta.url)), "../../..")

/** The Figma interfaces whose members the fake implements, with the fake object standing for each. */
export const HOST_INTERFACES = [
  "PluginAPI",
  "ClientStorageAPI",
  "UIAPI",
  "ViewportAPI",
  "DocumentNode",
  "PageNode",
  "FrameNode",
  "TextNode",
  "RectangleNode",
  "Image",
] as const
export type HostInterface = (typeof HOST_INTERFACES)[number]

/**
 * Every member of Figma's API that the plugin's main code touches (`src/main`, tests excluded),
 * found by the TypeScript checker: each property access whose declaration is in
 * @figma/plugin-typings, listed under each host interface that has that very declaration
 * (a member of `BaseNodeMixin` counts for text, frame, page and document nodes).
 */
export function hostMembersUsed(): Map<HostInterface, Set<string>> {
  const configFile = ts.findConfigFile(pluginRoot, ts.sys.fileExists, "tsconfig.json")!
  const config = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"))
      },
    },
  )!
  const mainFiles = config.fileNames.filter(
    (f) => f.includes("/src/main/") && !f.includes("__tests__"),
  )
  // The main code runs in Figma's sandbox: Figma's typings and the language are all it sees (and
  // leaving out Node's and the DOM's typings keeps this check quick).
  const program = ts.createProgram(mainFiles, {
    ...config.options,
    types: ["@figma/plugin-typings"],
    lib: ["lib.es2023.d.ts"],
    noEmit: true,
  })
  const checker = program.getTypeChecker()
  const isTypings = (d: ts.Declaration) =>
    d.getSourceFile().fileName.includes("@figma/plugin-typings")

  const hostTypes = new Map<HostInterface, ts.Type>()
  for (const file of program.getSourceFiles().filter((f) => isTypings(f as never))) {
    ts.forEachChild(file, (node) => {
      if (ts.isInterfaceDeclaration(node) && HOST_INTERFACES.includes(node.name.text as never))
        hostTypes.set(node.name.text as HostInterface, checker.getTypeAtLocation(node.name))
    })
  }

  const used = new Map<HostInterface, Set<string>>(HOST_INTERFACES.map((name) => [name, new Set()]))
  const record = (name: string, declarations: readonly ts.Declaration[]) => {
    for (const [host, type] of hostTypes) {
      const property = checker.getPropertyOfType(type, name)
      if (property?.declarations?.some((d) => declarations.includes(d))) used.get(host)!.add(name)
    }
  }
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node)) {
      const symbol = checker.getSymbolAtLocation(node.name)
      const declarations = (symbol?.declarations ?? []).filter(isTypings)
      if (declarations.length) record(node.name.text, declarations)
    }
    ts.forEachChild(node, visit)
  }
  for (const file of mainFiles) visit(program.getSourceFile(file)!)
  return used
}
