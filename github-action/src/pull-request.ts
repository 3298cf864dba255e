import { Octokit } from "@octokit/rest"

export type PullRequestInput = {
  token: string | undefined
  branch: string
  base: string
  title: string
  body: string
}

/**
 * Opens a pull request from `branch` into `base`, or updates the one already open, through GitHub's
 * REST API (GITHUB_API_URL and GITHUB_REPOSITORY as the runner sets them). Answers its URL.
 */
export async function openOrUpdatePullRequest(input: PullRequestInput): Promise<string> {
  const repository = process.env.GITHUB_REPOSITORY
  if (!repository?.includes("/"))
    throw new Error("GITHUB_REPOSITORY is not set: create_pr works inside GitHub Actions.")
  if (!input.token) throw new Error("create_pr needs github_token (the default is github.token).")
  const [owner, repo] = repository.split("/") as [string, string]
  const octokit = new Octokit({
    auth: input.token,
    baseUrl: process.env.GITHUB_API_URL || "https://api.github.com",
    userAgent: "nativ-github-action",
  })
  const { data: open } = await octokit.rest.pulls.list({
    owner,
    repo,
    state: "open",
    head: `${owner}:${input.branch}`,
    base: input.base,
  })
  const existing = open[0]
  if (existing) {
    const { data } = await octokit.rest.pulls.update({
      owner,
      repo,
      pull_number: existing.number,
      title: input.title,
      body: input.body,
    })
    return data.html_url
  }
  const { data } = await octokit.rest.pulls.create({
    owner,
    repo,
    head: input.branch,
    base: input.base,
    title: input.title,
    body: input.body,
  })
  return data.html_url
}
