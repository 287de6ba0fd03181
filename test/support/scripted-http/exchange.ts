import type { ServerResponse } from 'node:http'

/** What `serveExchange` asks of a server for one request. */
export interface ExchangeSteps<Record> {
  /** Reads and records the request. */
  read(): Promise<Record>
  /** Answers it; `closed` aborts when the connection closes (client abort, reset, server close). */
  handle(record: Record, closed: AbortSignal): Promise<void>
  /** Answers a 500 with `message` (a bug of the server or of a reply function, not of the SDK). */
  fail(record: Record, message: string): void
  /** Runs when the connection closes, with the record once read (to mark it aborted if pending). */
  onClose(record: Record | undefined): void
}

/**
 * Serves one request: reads it, answers it, and turns an error thrown while answering into a
 * 500 naming `label` (or, once the answer has started, into a dropped connection), so a bug
 * shows up in the test instead of as an unhandled rejection.
 */
export async function serveExchange<Record>(
  response: ServerResponse,
  label: string,
  steps: ExchangeSteps<Record>,
): Promise<void> {
  const connection = new AbortController()
  let record: Record | undefined
  response.once('close', () => {
    steps.onClose(record)
    connection.abort()
  })
  try {
    record = await steps.read()
    await steps.handle(record, connection.signal)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    if (record !== undefined && !response.headersSent && !connection.signal.aborted) {
      steps.fail(record, `[${label}] internal error: ${reason}`)
    } else {
      response.destroy()
    }
  }
}
