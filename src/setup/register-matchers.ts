import { expect, Snapshots } from 'vitest'
import { matchers } from '../../matchers/index.js'
import { createToMatchConversationSnapshot } from '../../matchers/to-match-conversation-snapshot.js'
import { conversationSerializer } from '../snapshot/index.js'

const REGISTERED = Symbol.for('vitest-scenario.matchers')

/**
 * Registers the matchers and the conversation snapshot serializer with Vitest's `expect`. The
 * setup entry calls it for every test file (registering again is harmless).
 */
export function registerMatchers(): void {
  expect.extend({
    ...matchers,
    toMatchConversationSnapshot: createToMatchConversationSnapshot(Snapshots.toMatchSnapshot),
  })
  expect.addSnapshotSerializer(conversationSerializer)
  ;(globalThis as Record<symbol, unknown>)[REGISTERED] = true
}

/** Registers them unless the setup entry did: `scenario()` works in a config without the plugin. */
export function ensureMatchers(): void {
  if ((globalThis as Record<symbol, unknown>)[REGISTERED] !== true) registerMatchers()
}
