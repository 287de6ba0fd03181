import { inject, type TestContext } from 'vitest'
import { llamaApiKey, llamaModel } from './llama-context.js'

/** How a test reaches the real llama-server that the globalSetup started. */
export interface LlamaConnection {
  /** OpenAI-compatible base URL, `http://127.0.0.1:<port>/v1`. */
  readonly baseURL: string
  /** The key the server requires. */
  readonly apiKey: string
  /** The model name to request. */
  readonly model: string
  /**
   * Headers for the OpenAI client (`defaultHeaders`). `Connection: close` avoids a keep-alive
   * race between undici and llama-server: a pooled socket the server has just closed fails the
   * next request with "other side closed" (seen in about 1 of 15 runs without it, with
   * `maxRetries: 0`).
   */
  readonly defaultHeaders: Readonly<Record<string, string>>
}

/** The running server, or why there is none. */
export type LlamaServerState =
  | { readonly connection: LlamaConnection; readonly skipReason: null }
  | { readonly connection: null; readonly skipReason: string }

/** The llama-server of this test run, or the reason there is none (for `test.skipIf`). */
export function llamaServer(): LlamaServerState {
  const baseURL = inject('llamaBaseURL') as string | null | undefined
  if (typeof baseURL === 'string') {
    return {
      connection: {
        baseURL,
        apiKey: llamaApiKey,
        model: llamaModel,
        defaultHeaders: { Connection: 'close' },
      },
      skipReason: null,
    }
  }
  const reason = inject('llamaSkipReason') as string | null | undefined
  return {
    connection: null,
    skipReason:
      reason ??
      'llama-server tests skipped: the globalSetup test/support/llama/global-setup.ts is not in this Vitest config',
  }
}

/**
 * Returns the connection to the real llama-server, or skips the calling test with the reason
 * (shown by the reporter). Use it first thing in a test:
 *
 * ```ts
 * test('answers', async (ctx) => {
 *   const llama = llamaServerOrSkip(ctx)
 *   const client = new OpenAI({ ...llama, maxRetries: 0 })
 * })
 * ```
 */
export function llamaServerOrSkip(context: Pick<TestContext, 'skip'>): LlamaConnection {
  const state = llamaServer()
  if (state.connection === null) return context.skip(state.skipReason)
  return state.connection
}
