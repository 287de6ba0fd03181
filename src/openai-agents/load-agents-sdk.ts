import type * as AgentsSdk from '@openai/agents'
import { MissingPeerError } from '../errors/index.js'
import { isMissingPackage } from '../internal/is-missing-package.js'

/** The optional peer this entry adapts, and the versions it supports (package.json's range). */
export const AGENTS_PACKAGE = '@openai/agents'
export const AGENTS_RANGE = '>=0.14.0 <1.0.0'
const PEER = {
  peer: AGENTS_PACKAGE,
  entry: 'vitest-scenario/openai-agents',
  range: AGENTS_RANGE,
  install: `npm install --save-dev ${AGENTS_PACKAGE}`,
}

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
    throw new MissingPeerError(
      { ...PEER, found: !isMissingPackage(error, AGENTS_PACKAGE) },
      { cause: error },
    )
  }
  if (typeof sdk.Runner !== 'function') {
    // A version outside the range (or another package under the name) without the runner.
    throw new MissingPeerError(
      { ...PEER, found: true },
      { cause: new TypeError(`${AGENTS_PACKAGE} exports no Runner`) },
    )
  }
  return sdk
}
