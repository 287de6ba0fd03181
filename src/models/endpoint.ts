import type { ModelConfig } from './types.js'

/** The default base URL of the `openai` SDK, when neither the config nor the environment sets one. */
export const DEFAULT_BASE_URL = 'https://api.openai.com/v1'

/**
 * The base URL a model config calls: the client's own `baseURL` when a client is given, else the
 * config's, else `OPENAI_BASE_URL`, else the SDK's default — the order the SDK itself uses.
 */
export function baseURLOf(config: ModelConfig): string {
  const clientURL = (config.client as { baseURL?: unknown } | null | undefined)?.baseURL
  if (typeof clientURL === 'string') return clientURL
  if (config.baseURL !== undefined) return config.baseURL
  // Read only when needed: a `process.env` read costs about a microsecond, on every call.
  const env = process.env.OPENAI_BASE_URL
  return env === undefined || env === '' ? DEFAULT_BASE_URL : env
}

export { endpointOf } from '../internal/endpoint-of.js'
