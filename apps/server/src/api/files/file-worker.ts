import { parentPort } from "node:worker_threads"

import { FileFormatError, type ParsedFile, parseFile, renderFile } from "@nativ/i18n-files"

import {
  type FileData,
  type FileTask,
  READY,
  type TaskReply,
  type TaskRequest,
  toWire,
} from "./file-worker-protocol"

/**
 * A worker thread of the file pool (file-worker-pool.ts): reads and writes i18n files off the
 * server's event loop, one task at a time. It holds the last file it read for the writes that
 * follow (a file is written once per language), so those skip reading it again.
 */

let held: { content: string; filename: string; parsed: ParsedFile } | null = null

function read(content: string, filename: string, format: FileTask["format"]) {
  if (held?.content === content && held.filename === filename) return held.parsed
  return parseFile(content, { filename, ...(format && { format }) })
}

function run(task: FileTask): FileData | string {
  const parsed = read(task.content, task.filename, task.format)
  if (task.kind === "read") {
    if (task.keep) held = { content: task.content, filename: task.filename, parsed }
    const { document: _, ...data } = parsed
    return data
  }
  held = { content: task.content, filename: task.filename, parsed }
  return renderFile(parsed, task.translations, {
    targetLanguage: task.targetLanguage,
    sourceLanguage: task.sourceLanguage,
  })
}

const port = parentPort!
port.on("message", ({ id, task }: TaskRequest) => {
  let reply: TaskReply
  try {
    reply = { id, ok: true, value: run(task) }
  } catch (error) {
    reply =
      error instanceof FileFormatError
        ? { id, ok: false, formatError: toWire(error) }
        : { id, ok: false, failure: error instanceof Error ? error.message : String(error) }
  }
  port.postMessage(reply)
})
port.postMessage(READY)
