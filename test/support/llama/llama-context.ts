/**
 * What the llama globalSetup hands to the tests (through Vitest's `provide`/`inject`), and the
 * fixed settings of the server it starts.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The running llama-server's OpenAI-compatible base URL (`http://127.0.0.1:<port>/v1`), or null. */
    llamaBaseURL: string | null
    /** Why there is no server (when `llamaBaseURL` is null). */
    llamaSkipReason: string | null
  }
}

/** The API key the server requires (`--api-key`); any other key gets HTTP 401. */
export const llamaApiKey = 'test-key-fake'

/** The model name the server reports and accepts (`--alias`). */
export const llamaModel = 'tiny'
