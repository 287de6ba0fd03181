import type { IncomingMessage } from 'node:http'
import { readHttpRequest } from '../scripted-http/read-request.js'
import type { Mutable } from '../scripted-http/types.js'
import type { AuthorizationState, ReceivedRequest } from './types.js'

/** A `ReceivedRequest` the server updates as it answers (tests see it read-only). */
export type RequestRecord = Mutable<ReceivedRequest>

/** Headers whose values are never stored: they carry the API key. */
const SECRET_HEADERS = new Set(['authorization', 'api-key'])

/** Where the request came in, for `readRequest`. */
export interface RequestContext {
  /** 1-based arrival position. */
  readonly index: number
  /** The server's `apiKey` option. */
  readonly apiKey: string | undefined
  /** `performance.now()` when the server started. */
  readonly startedAt: number
}

/**
 * Compares the credential with the expected key without keeping either: `Authorization: Bearer
 * <key>`, or Azure's `api-key: <key>` header (what `AzureOpenAI` sends).
 */
function authorizationState(request: IncomingMessage, apiKey: string | undefined) {
  const header = request.headers.authorization
  const azureKey = request.headers['api-key']
  const azure = typeof azureKey === 'string' && azureKey !== '' ? azureKey : undefined
  if ((header === undefined || header === '') && azure === undefined) return 'missing'
  if (apiKey === undefined) return 'present'
  return header === `Bearer ${apiKey}` || azure === apiKey ? 'matched' : 'mismatched'
}

/** Reads the whole request and records it; the API key itself is never stored. */
export async function readRequest(
  request: IncomingMessage,
  context: RequestContext,
): Promise<RequestRecord> {
  const parts = await readHttpRequest(request, SECRET_HEADERS)
  const authorization: AuthorizationState = authorizationState(request, context.apiKey)
  return {
    index: context.index,
    ...parts,
    authorization,
    receivedAt: Date.now(),
    sinceStartMs: performance.now() - context.startedAt,
    status: undefined,
    outcome: 'pending',
  }
}
