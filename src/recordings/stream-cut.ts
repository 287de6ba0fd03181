import { ModelCallError } from '../errors/index.js'
import { endpointOf } from '../internal/endpoint-of.js'

/**
 * A live `fetch` whose event streams fail with a `ModelCallError` (category `connection`) naming
 * the endpoint when the connection breaks midway. Without it, the reader sees undici's bare
 * `TypeError: terminated`, which an agent rethrows and the run would take for a bug of the agent.
 * An abort by the caller stays an abort.
 */
export function guardStreams(
  live: (input: string | URL | Request, init?: RequestInit) => Promise<Response>,
  baseURL: (url: string) => string,
): (input: string | URL | Request, init?: RequestInit) => Promise<Response> {
  return async (input, init) => {
    const response = await live(input, init)
    const type = response.headers.get('content-type') ?? ''
    if (response.body === null || !type.includes('text/event-stream')) return response
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    return guardedStream(response, {
      endpoint: endpointOf(baseURL(url)),
      model: modelOf(init?.body),
    })
  }
}

function guardedStream(response: Response, call: { endpoint: string; model: string }): Response {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader()
  let bytes = 0
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk: Uint8Array | undefined
      try {
        ;({ value: chunk } = await reader.read())
      } catch (error) {
        controller.error(isAbort(error) ? error : cut(error, call, bytes))
        return
      }
      if (chunk === undefined) controller.close()
      else {
        bytes += chunk.byteLength
        controller.enqueue(chunk)
      }
    },
    cancel(reason) {
      return reader.cancel(reason)
    },
  })
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  })
}

function cut(error: unknown, call: { endpoint: string; model: string }, bytes: number) {
  const reason = reasonOf(error)
  return new ModelCallError(
    {
      category: 'connection',
      stage: 'answer',
      attempts: 1,
      model: call.model,
      endpoint: call.endpoint,
      message: `the answer's event stream was cut after ${bytes} bytes, before it ended (${reason})`,
      fix: `The server at ${call.endpoint} (or a proxy in between) closed the connection mid-answer: check its logs and its timeouts for long answers, then run again. A cut stream is never recorded.`,
    },
    error,
  )
}

/** `terminated: other side closed`, from undici's error and its cause. */
function reasonOf(error: unknown): string {
  const parts: string[] = []
  let current: unknown = error
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    const message = (current as { message?: unknown }).message
    if (typeof message === 'string' && message !== '') parts.push(message)
    current = (current as { cause?: unknown }).cause
  }
  return parts.length === 0 ? String(error) : parts.join(': ')
}

function isAbort(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name
  return name === 'AbortError' || name === 'TimeoutError'
}

/** The `model` of a JSON request body, for the message; `unknown` when there is none. */
function modelOf(body: unknown): string {
  if (typeof body !== 'string') return 'unknown'
  try {
    const model = (JSON.parse(body) as { model?: unknown } | null)?.model
    return typeof model === 'string' ? model : 'unknown'
  } catch {
    return 'unknown'
  }
}
