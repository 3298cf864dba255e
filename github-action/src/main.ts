import { posix } from "node:path"

import * as core from "@actions/core"
import { createSession, describeFailure, processIo, translateFiles } from "@nativ/cli/core"

import { commitFiles, pushBranch } from "./git"
import { openOrUpdatePullRequest } from "./pull-request"

export type ActionInputs = {
  apiKey: string
  apiUrl?: string
  sourcePath: string
  filePattern: string
  targetLanguages: string[]
  sourceLanguage?: string
  outputPattern: string
  formality?: string
  commit: boolean
  commitMessage: string
  createPr: boolean
  prTitle: string
  prBranch: string
  githubToken?: string
}

const optional = (name: string) => core.getInput(name) || undefined
/** A true/false input; unset (a runner fills action.yml's defaults, a local run may not) is false. */
const flag = (name: string) => (core.getInput(name) ? core.getBooleanInput(name) : false)

/** The inputs, as Nativ's published Action names them (plus api_url and output_pattern). */
export function readInputs(): ActionInputs {
  const outputDir = core.getInput("output_dir") || "locales"
  return {
    apiKey: core.getInput("api_key", { required: true }),
    apiUrl: optional("api_url"),
    sourcePath: core.getInput("source_path") || "locales/en",
    filePattern: core.getInput("file_pattern") || "*.json",
    targetLanguages: core
      .getInput("target_languages", { required: true })
      .split(",")
      .map((language) => language.trim())
      .filter(Boolean),
    sourceLanguage: optional("source_language"),
    outputPattern: core.getInput("output_pattern") || posix.join(outputDir, "{lang}/{name}"),
    formality: optional("formality"),
    commit: flag("commit"),
    commitMessage: core.getInput("commit_message") || "chore(i18n): update translations via Nativ",
    createPr: flag("create_pr"),
    prTitle: core.getInput("pr_title") || "chore(i18n): update translations via Nativ",
    prBranch: core.getInput("pr_branch") || "nativ/translations",
    githubToken: optional("github_token"),
  }
}

/** A directory means its matching files at any depth, as the published Action's `find` does. */
async function sourcePatterns(cwd: string, inputs: ActionInputs): Promise<string[]> {
  const { stat } = await import("node:fs/promises")
  const info = await stat(posix.join(cwd, inputs.sourcePath)).catch(() => null)
  if (!info) throw new Error(`source_path '${inputs.sourcePath}' does not exist`)
  if (!info.isDirectory()) return [inputs.sourcePath]
  const dir = inputs.sourcePath.replace(/\/+$/, "")
  return [`${dir}/**/${inputs.filePattern}`]
}

/**
 * The Action: translates the source files with the CLI's core (previous outputs sent as
 * `existing`, so only new or changed strings cost), sets the outputs, and commits or opens a pull
 * request when asked. A failure sets the step failed with the reason, never a stack trace.
 */
export async function runAction(): Promise<void> {
  try {
    const inputs = readInputs()
    const io = { ...processIo(), interactive: false }
    const session = createSession(io, { apiKey: inputs.apiKey, apiUrl: inputs.apiUrl })
    core.info(
      `Nativ: ${inputs.sourcePath} → ${inputs.outputPattern} (${inputs.targetLanguages.join(", ")})`,
    )
    const result = await translateFiles(session, {
      patterns: await sourcePatterns(io.cwd, inputs),
      targets: inputs.targetLanguages,
      out: inputs.outputPattern,
      ...(inputs.sourceLanguage ? { sourceLanguage: inputs.sourceLanguage } : {}),
      ...(inputs.formality ? { formality: inputs.formality } : {}),
      tool: "github-action",
      onProgress: (event) => {
        if (event.kind === "failed") core.error(`${event.source}: ${event.message}`)
        if (event.kind !== "file") return
        const o = event.outcome
        core.info(
          `  ${o.source} → ${o.output}: ${o.strings_translated} of ${o.strings_total} strings sent, ${o.cost} credits${o.written ? "" : " (unchanged)"}`,
        )
        for (const warning of o.warnings)
          core.warning(`${o.output}: ${warning.key}: ${warning.message}`)
      },
    })
    const languages = [...new Set(result.files.map((file) => file.language_code))]
    core.setOutput("files_translated", String(result.files.length))
    core.setOutput("strings_translated", String(result.strings_translated))
    core.setOutput("credits_spent", String(result.cost))
    core.setOutput("languages", languages.join(","))
    core.info(
      `Translated ${result.files.length} file(s) into ${languages.length} language(s): ${result.strings_translated} strings sent, ${result.cost} credits.`,
    )

    if (inputs.commit || inputs.createPr) {
      const outputs = result.files.map((file) => file.output)
      const committed = await commitFiles(io.cwd, outputs, inputs.commitMessage, {
        branch: inputs.createPr ? inputs.prBranch : undefined,
      })
      if (!committed) core.info("No translation changes to commit.")
      else if (inputs.createPr) {
        await pushBranch(io.cwd, inputs.prBranch)
        const url = await openOrUpdatePullRequest({
          token: inputs.githubToken,
          branch: inputs.prBranch,
          base: committed.base,
          title: inputs.prTitle,
          body: `Translations updated by Nativ: ${result.files.length} file(s) in ${languages.join(", ")}, ${result.strings_translated} strings translated, ${result.cost} credits.`,
        })
        core.setOutput("pull_request_url", url)
        core.info(`Pull request: ${url}`)
      } else core.info("Changes committed. Pushing is up to your workflow.")
    }
    if (result.failures.length)
      core.setFailed(`${result.failures.length} file(s) could not be translated (see above).`)
  } catch (error) {
    core.setFailed(describeFailure(error).message)
  }
}
