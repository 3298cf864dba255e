export type Row = {
  scenario: string
  figure: string
  value: string
  target: string
  /** null: reported for information, no target */
  pass: boolean | null
}

export type Results = {
  mode: "full" | "quick"
  startedAt: string
  durationS: number
  machine: Record<string, unknown>
  rows: Row[]
  details: Record<string, unknown>
  notes: string[]
}

const verdict = (pass: boolean | null) => (pass === null ? "info" : pass ? "PASS" : "FAIL")

export function textTable(rows: Row[]): string {
  const cells = [
    ["Scenario", "Figure", "Value", "Target", "Result"],
    ...rows.map((r) => [r.scenario, r.figure, r.value, r.target, verdict(r.pass)]),
  ]
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)))
  const line = (row: string[]) => row.map((c, i) => c.padEnd(widths[i]!)).join("  ")
  return [
    line(cells[0]!),
    widths.map((w) => "-".repeat(w)).join("  "),
    ...cells.slice(1).map(line),
  ].join("\n")
}

export function markdown(results: Results): string {
  const m = results.machine
  const rows = results.rows.map(
    (r) => `| ${r.scenario} | ${r.figure} | ${r.value} | ${r.target} | ${verdict(r.pass)} |`,
  )
  return [
    `Run ${results.startedAt} (${results.mode}, ${results.durationS} s) on ${m.cores} cores (${m.cpu}), ` +
      `${m.memoryGb} GB RAM, load average ${m.loadBefore} before / ${m.loadAfter} after; ` +
      `Node ${m.node}, PostgreSQL ${m.postgres}, PGlite ${m.pglite}, Chromium ${m.chromium}, ` +
      `Lighthouse ${m.lighthouse}, autocannon ${m.autocannon}; commit ${m.commit}.`,
    "",
    "| Scenario | Figure | Value | Target | Result |",
    "|---|---|---|---|---|",
    ...rows,
    "",
    ...results.notes.map((n) => `- ${n}`),
  ].join("\n")
}
