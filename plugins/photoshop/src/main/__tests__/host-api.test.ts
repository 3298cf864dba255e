import { readdirSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

import ts from "typescript"
import { describe, expect, it } from "vitest"

import { FakePhotoshop } from "../../testing/fake-photoshop"

/*
 * Keeps the fake host honest: every host member the plugin's main code touches, and every
 * batchPlay command it plays, is found by reading the sources with the TypeScript compiler, and
 * must exist on the fake; the UXP declarations the plugin codes against must fit UXP's typings.
 */

const mainDir = join(dirname(fileURLToPath(import.meta.url)), "..")
const uiDir = join(mainDir, "..", "ui")
/** The plugin's code that runs in Photoshop: its main code and its panel. */
const sources = [mainDir, uiDir].flatMap((dir) =>
  readdirSync(dir)
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".check.ts"))
    .map((f) => join(dir, f)),
)

const options: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
  lib: ["lib.es2023.d.ts"],
  types: [],
  strict: true,
  skipLibCheck: true,
  noEmit: true,
}

const isHostDeclaration = (file: ts.SourceFile) =>
  file.fileName.includes("/@types/photoshop/") || file.fileName.endsWith("/src/main/host.ts")

/** "Layer", "photoshopCore", "UxpModule.storage": where a member is declared. */
function containerName(declaration: ts.Node): string | null {
  const parent = declaration.parent
  if (ts.isClassDeclaration(parent) || ts.isInterfaceDeclaration(parent))
    return parent.name?.text ?? null
  if (ts.isModuleBlock(parent)) return parent.parent.name.getText()
  if (ts.isTypeLiteralNode(parent)) {
    const owner = parent.parent
    if (ts.isTypeAliasDeclaration(owner)) return owner.name.text
    if (ts.isIntersectionTypeNode(owner) && ts.isTypeAliasDeclaration(owner.parent))
      return owner.parent.name.text
    if (ts.isPropertySignature(owner) || ts.isPropertyDeclaration(owner)) {
      const outer = containerName(owner)
      return outer && `${outer}.${owner.name.getText()}`
    }
  }
  return null
}

const check = join(mainDir, "uxp-fits.check.ts")
let program: ts.Program | undefined
/**
 * One program for both checks, reading only the plugin's main code and the host typings: other
 * modules (the core, libraries) are read as empty, which keeps parsing to about a second.
 */
function compile() {
  if (program) return program
  const host = ts.createCompilerHost(options)
  const read = host.getSourceFile.bind(host)
  const keep = (file: string) =>
    sources.includes(file) ||
    file === check ||
    ["/@types/photoshop/", "/cc-ext-uxp-types/", "/typescript/lib/"].some((p) => file.includes(p))
  host.getSourceFile = (file, language, ...rest) =>
    keep(file) ? read(file, language, ...rest) : ts.createSourceFile(file, "export {}", language)
  return (program = ts.createProgram([...sources, check], options, host))
}

function hostCallsInSources() {
  const program = compile()
  const checker = program.getTypeChecker()
  const members = new Set<string>()
  const commands = new Set<string>()
  for (const file of program.getSourceFiles()) {
    if (!sources.includes(file.fileName)) continue
    const visit = (node: ts.Node) => {
      if (ts.isPropertyAccessExpression(node)) {
        const symbol = checker.getSymbolAtLocation(node.name)
        for (const declaration of symbol?.declarations ?? []) {
          if (!isHostDeclaration(declaration.getSourceFile())) continue
          members.add(`${containerName(declaration)}#${node.name.text}`)
        }
      }
      if (
        ts.isPropertyAssignment(node) &&
        node.name.getText() === "_obj" &&
        ts.isStringLiteral(node.initializer)
      )
        commands.add(node.initializer.text)
      ts.forEachChild(node, visit)
    }
    visit(file)
  }
  return { members, commands }
}

describe("the fake Photoshop host", () => {
  it("has every member and batchPlay command the plugin's main code uses", async () => {
    const { members, commands } = hostCallsInSources()
    const ps = new FakePhotoshop({
      serverUrl: "http://nativ.test",
      document: { name: "a.psd", layers: [{ kind: "text", name: "T", text: "Hi" }] },
    })
    const layer = ps.document.layerNamed("T")
    const context = await ps.photoshop.core.executeAsModal(async (c) => c, { commandName: "x" })
    const folder = (await ps.uxp.storage.localFileSystem.getPluginFolder()) as object
    const objects: Record<string, object> = {
      Host: ps.host,
      Layer: layer,
      HostLayer: layer,
      TextItem: layer.textItem,
      HostTextItem: layer.textItem,
      Bounds: layer.boundsNoEffects,
      Document: ps.document,
      HostDocument: ps.document,
      "Document.saveAs": ps.document.saveAs,
      HostApp: ps.photoshop.app,
      PhotoshopModule: ps.photoshop,
      photoshopCore: ps.photoshop.core,
      photoshopAction: ps.photoshop.action,
      HostConstants: ps.photoshop.constants,
      "HostConstants.LayerKind": ps.photoshop.constants.LayerKind,
      ExecutionContext: context,
      "ExecutionContext.hostControl": context.hostControl,
      UxpModule: ps.uxp,
      "UxpModule.storage": ps.uxp.storage,
      UxpShell: ps.uxp.shell,
      UxpSecureStorage: ps.uxp.storage.secureStorage,
      UxpFileSystem: ps.uxp.storage.localFileSystem,
      UxpFolder: folder,
      UxpFile: await (folder as { getEntry(p: string): Promise<object> }).getEntry("manifest.json"),
    }
    // The reading found the calls it must (so an empty set cannot pass).
    expect(members).toContain("TextItem#contents")
    expect(members).toContain("photoshopCore#executeAsModal")
    expect(members).toContain("ExecutionContext.hostControl#suspendHistory")
    expect(members).toContain("UxpShell#openExternal")
    const missing = [...members].filter((member) => {
      const [container, name] = member.split("#") as [string, string]
      const object = objects[container]
      return !object || !(name in object)
    })
    expect(missing).toEqual([])
    expect([...commands].sort()).toEqual(["get", "placedLayerEditContents"])
    expect(ps.batchPlayCommands).toEqual(expect.arrayContaining([...commands]))
  }, 30_000)

  it("declares UXP's modules as UXP's official typings do", () => {
    const program = compile()
    const diagnostics = ts
      .getPreEmitDiagnostics(program, program.getSourceFile(check))
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"))
    expect(diagnostics).toEqual([])
    expect(program.getSourceFiles().some((f) => f.fileName.includes("cc-ext-uxp-types"))).toBe(true)
  })

  it("refuses document changes outside executeAsModal, as Photoshop does", async () => {
    const ps = new FakePhotoshop({
      document: {
        name: "a.psd",
        path: "/a.psd",
        layers: [{ kind: "text", name: "T", text: "Hi" }],
      },
    })
    const layer = ps.document.layerNamed("T")
    expect(() => {
      layer.textItem.contents = "Salut"
    }).toThrow(/only allowed from inside a modal scope/)
    await expect(ps.document.duplicate("b")).rejects.toThrow(/modal scope/)
    await expect(ps.document.save()).rejects.toThrow(/modal scope/)
    await ps.photoshop.core.executeAsModal(
      async () => {
        layer.textItem.contents = "Salut"
      },
      { commandName: "Edit" },
    )
    expect(layer.textItem.contents).toBe("Salut")
    expect(ps.document.history.map((h) => h.name)).toEqual(["Edit Type Layer"])
  })
})
