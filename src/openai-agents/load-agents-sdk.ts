import type * as AgentsSdk from '@openai/agents'
import { MissingPeerError } from '../errors/index.js'

/** The optional peer this entry adapts, and the versions it supports (package.json's range). */
export const AGENTS_PACKAGE = '@openai/agents'
export const AGENTS_RANGE = '>=0.14.0 <1.0.0'
const ENTRY = 'vitest-scenario/openai-agents'

/** The Agents SDK module as the user installed it. */
export type AgentsModule = typeof AgentsSdk

/**
 * Loads `@openai/agents` the way a static import would (same resolution, same module instance as
 * the user's own `import`, so `setDefaultOpenAIClient` and the runner share one SDK), but by a
 * dynamic import: a missing peer is then a `MissingPeerError` naming the package and the install
 * command instead of Node's `ERR_MODULE_NOT_FOUND` at link time.
 */
export async function loadAgentsSdk(): Promise<AgentsModule> {
  let sdk: AgentsModule
  try {
    sdk = await import('@openai/agents')
  } catch (error) {
    throw new MissingPeerError(AGENTS_PACKAGE, ENTRY, AGENTS_RANGE, !isNotFound(error), {
      cause: error,
    })
  }
  if (typeof sdk.Runner !== 'function') {
    // A version outside the range (or another package under the name) without the runner.
    throw new MissingPeerError(AGENTS_PACKAGE, ENTRY, AGENTS_RANGE, true, {
      cause: new Error(`${AGENTS_PACKAGE} exports no Runner`),
    })
  }
  return sdk
}

/**
 * Whether the import failed because the package itself is not installed (not because one of its
 * own files or dependencies failed): Node says `Cannot find package '@openai/agents'`, Vite's
 * resolver names it too.
 */
function isNotFound(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { message } = error as { message?: unknown }
  return typeof message === 'string' && /['"]@openai\/agents['"]/.test(message)
}
