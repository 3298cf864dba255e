import { execFile } from "node:child_process"
import { promisify } from "node:util"

const exec = promisify(execFile)

async function git(cwd: string, ...args: string[]): Promise<string> {
  const { stdout } = await exec("git", args, { cwd })
  return stdout.trim()
}

/**
 * Commits `paths` (on `branch`, made from the current commit, when given) as nativ-bot unless
 * the repository names a committer. Answers the branch the work started from, or null when the
 * files did not change.
 */
export async function commitFiles(
  cwd: string,
  paths: string[],
  message: string,
  { branch }: { branch?: string | undefined } = {},
): Promise<{ base: string } | null> {
  // The branch the workflow runs on (a pull request's base, else the pushed branch).
  const base =
    process.env.GITHUB_BASE_REF ||
    process.env.GITHUB_REF_NAME ||
    (await git(cwd, "rev-parse", "--abbrev-ref", "HEAD"))
  if (!(await git(cwd, "config", "--get", "user.name").catch(() => "")))
    await git(cwd, "config", "user.name", "nativ-bot")
  if (!(await git(cwd, "config", "--get", "user.email").catch(() => "")))
    await git(cwd, "config", "user.email", "nativ-bot@users.noreply.github.com")
  if (branch) await git(cwd, "checkout", "-B", branch)
  if (paths.length) await git(cwd, "add", "--", ...paths)
  const staged = await exec("git", ["diff", "--cached", "--quiet"], { cwd }).then(
    () => false,
    () => true,
  )
  if (!staged) return null
  await git(cwd, "commit", "-m", message)
  return { base }
}

/** Pushes `branch` to origin (forced: the branch holds only Nativ's latest translations). */
export async function pushBranch(cwd: string, branch: string) {
  await git(cwd, "push", "--force", "origin", `HEAD:refs/heads/${branch}`)
}
