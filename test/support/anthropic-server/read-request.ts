import type { IncomingMessage } from 'node:http'
import { readHttpRequest } from '../scripted-http/read-request.js'
import type { CredentialState, Mutable } from '../scripted-http/types.js'
import type { ReceivedRequest } from './types.js'

/** A `ReceivedRequest` the server updates as it answers (tests see it read-only). */
export type RequestRecord = Mutable<ReceivedRequest>

/** Headers whose values are never stored: they carry the API key. */
const SECRET_HEADERS = new Set(['x-api-key', 'authorization'])

/**
 * Compares the credential with the expected key without keeping either: `x-api-key: <key>` (an
 * API key), or `Authorization: Bearer <key>` (what the SDK's `authToken` sends).
 */
function credentialState(request: IncomingMessage, apiKey: string | undefined): CredentialState {
  const header = request.headers['x-api-key']
  const key = typeof header === 'string' && header !== '' ? header : undefined
  const bearer = request.headers.authorization?.replace(/^Bearer /, '')
  const token = bearer === undefined || bearer === '' ? undefined : bearer
  if (key === undefined && token === undefined) return 'missing'
  if (apiKey === undefined) return 'present'
  return key === apiKey || token === apiKey ? 'matched' : 'mismatched'
}

/** Reads the whole request and records it; the API key itself is never stored. */
export async function readRequest(
  request: IncomingMessage,
  index: number,
  apiKey: string | undefined,
): Promise<RequestRecord> {
  const parts = await readHttpRequest(request, SECRET_HEADERS)
  const version = request.headers['anthropic-version']
  return {
    index,
    ...parts,
    credential: credentialState(request, apiKey),
    anthropicVersion: typeof version === 'string' && version !== '' ? version : undefined,
    status: undefined,
    outcome: 'pending',
  }
}
