import { writeOperationsCsv } from "@nativ/contracts"
import type { Logger } from "../../logger"

import type { Db } from "../../db/schema"
import {
  type OperationsCursor,
  type OperationsFilter,
  readOperationsBatch,
} from "./operations.repo"

/** Rows per query: large enough to keep round trips few, small enough to keep memory flat. */
export const EXPORT_BATCH_SIZE = 5_000

/**
 * The whole filtered result as CSV (a byte-order mark so Excel reads UTF-8, then the header and
 * the rows, newest first), read in keyset batches. The next batch is read only when the client
 * has taken the previous one (the stream's pull), so a slow download holds one batch in memory
 * however many rows there are; a client that goes away cancels the rest.
 */
export function operationsCsvStream(
  db: Db,
  filter: OperationsFilter,
  logger: Logger,
  batchSize = EXPORT_BATCH_SIZE,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let cursor: OperationsCursor | null = null
  let first = true
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const batch = await readOperationsBatch(db, filter, cursor, batchSize)
          const csv = writeOperationsCsv(batch.rows, first)
          controller.enqueue(encoder.encode(first ? `\uFEFF${csv}` : csv))
          first = false
          cursor = batch.next
          if (!cursor) controller.close()
        } catch (error) {
          // Headers are gone by now: the client sees a cut-off download, never a partial file
          // passed off as whole.
          logger.error({ err: error }, "operations export failed")
          controller.error(error)
        }
      },
    },
    { highWaterMark: 1 },
  )
}
