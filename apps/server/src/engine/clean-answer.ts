/**
 * Models sometimes wrap the answer in a code fence or quotation marks, or trim the text's outer
 * whitespace; undo that when the source had no such wrapping.
 */
export function cleanAnswer(source: string, answer: string): string {
  let text = answer.trim()
  const fence = /^```[\w-]*\n([\s\S]*?)\n?```$/.exec(text)
  if (fence && !source.trim().startsWith("```")) text = fence[1]!.trim()
  const pairs = ['""', "“”", "„“", "«»", "「」"]
  const trimmedSource = source.trim()
  for (const [open, close] of pairs) {
    const wrapped = (s: string) => s.length >= 2 && s.startsWith(open!) && s.endsWith(close!)
    if (wrapped(text) && !wrapped(trimmedSource) && !/[“”„«»「」"]/.test(trimmedSource[0] ?? ""))
      text = text.slice(open!.length, -close!.length).trim()
  }
  const lead = /^\s*/.exec(source)![0]
  const trail = /\s*$/.exec(source)![0]
  return text ? lead + text + trail : ""
}
