import { stat } from "node:fs/promises"
import { basename, dirname, extname, posix, relative, resolve, sep } from "node:path"

import { escapePath, glob, isDynamicPattern } from "tinyglobby"

import { CliError, usageError } from "../errors"

/** Forward slashes, relative to `cwd`: how files are named in output, the request and templates. */
export const toPosix = (cwd: string, path: string) => relative(cwd, path).split(sep).join("/")

/**
 * The files `patterns` name: paths (a directory means the files under it) and globs, relative to
 * `cwd`, without duplicates, sorted. An explicit path that does not exist is an error; a glob that
 * matches nothing is not (CI runs on branches without every file).
 */
export async function resolveFiles(cwd: string, patterns: string[]): Promise<string[]> {
  const found = new Set<string>()
  for (const pattern of patterns) {
    if (isDynamicPattern(pattern)) {
      for (const file of await glob(pattern, { cwd, onlyFiles: true, expandDirectories: false }))
        found.add(posix.normalize(file))
      continue
    }
    const full = resolve(cwd, pattern)
    const info = await stat(full).catch(() => null)
    if (!info) throw new CliError(`${pattern}: no such file or directory.`)
    if (info.isDirectory()) {
      const inside = await glob(`${escapePath(toPosix(cwd, full))}/**/*`, { cwd, onlyFiles: true })
      for (const file of inside) found.add(posix.normalize(file))
    } else found.add(toPosix(cwd, full))
  }
  return [...found].sort()
}

export type TemplateValues = { lang: string; language: string }

const PLACEHOLDERS = ["lang", "language", "name", "stem", "ext", "dir"] as const

/** Checks an output template once, before any work: it must tell languages apart. */
export function checkTemplate(template: string) {
  const unknown = [...template.matchAll(/\{([^{}]*)\}/g)]
    .map((match) => match[1]!)
    .filter((name) => !(PLACEHOLDERS as readonly string[]).includes(name))
  if (unknown.length)
    throw usageError(
      `--out: unknown placeholder {${unknown[0]}}; use ${PLACEHOLDERS.map((p) => `{${p}}`).join(", ")}.`,
    )
  if (!/\{lang(uage)?\}/.test(template))
    throw usageError(
      "--out must contain {lang} (or {language}), so each language gets its own file.",
    )
}

/**
 * The output path for `source` (relative, forward slashes): {lang} the language's code (fr, pt-BR),
 * {language} its English name in lower case with dashes (french — as Nativ's published Action
 * names folders), {name} the file name, {stem} without its extension, {ext} the extension, {dir}
 * the file's folder.
 */
export function outputPath(template: string, source: string, values: TemplateValues): string {
  const name = basename(source)
  const ext = extname(name)
  const fields: Record<string, string> = {
    lang: values.lang,
    language: values.language
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, "-")
      .replace(/^-|-$/g, ""),
    name,
    stem: ext ? name.slice(0, -ext.length) : name,
    ext: ext.slice(1),
    dir: dirname(source),
  }
  const filled = template.replace(/\{(\w+)\}/g, (_match, field: string) => fields[field] ?? "")
  return posix.normalize(filled.replace(/\/{2,}/g, "/")).replace(/^\.\//, "")
}
