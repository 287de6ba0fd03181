import { relative } from 'node:path'
import { expect, Snapshots } from 'vitest'
import type { MatcherOutcome, MatcherState } from '../../../../matchers/matcher-types.js'
import { matchers } from '../../../../matchers/matchers.js'
import { createToMatchConversationSnapshot } from '../../../../matchers/to-match-conversation-snapshot.js'
import type { JudgeMatcherOptions } from '../../../../matchers/to-satisfy-judge.js'
import type { AgreeWithLabelsOptions } from '../../../calibration/agreement-gates.js'
import { createConversationSerializer, type SnapshotLocation } from '../../../snapshot/index.js'
import { providedOptions } from './provided-options.js'

const REGISTERED = Symbol.for('vitest-scenario.matchers')

/**
 * The judge matcher's module, imported at its first use (a module cache: importing it again would
 * return the same module). The matcher is async, so loading it there costs the caller nothing.
 */
let judgeMatcher: Promise<typeof import('./judge-matcher.js')> | undefined

/** `toSatisfyJudge`, registered before its implementation (and the model client) is loaded. */
async function toSatisfyJudge(
  this: MatcherState,
  received: unknown,
  criteria: readonly string[],
  options?: JudgeMatcherOptions,
): Promise<MatcherOutcome> {
  judgeMatcher ??= import('./judge-matcher.js')
  const loaded = await judgeMatcher
  return loaded.toSatisfyJudge.call(this, received, criteria, options)
}

/** The calibration matcher's module, imported at its first use like the judge matcher's. */
let agreeMatcher: Promise<typeof import('./agree-matcher.js')> | undefined

/** `toAgreeWithLabels`, registered before its implementation (and the results reader) is loaded. */
async function toAgreeWithLabels(
  this: MatcherState,
  received: unknown,
  options?: AgreeWithLabelsOptions,
): Promise<MatcherOutcome> {
  agreeMatcher ??= import('./agree-matcher.js')
  const loaded = await agreeMatcher
  return loaded.toAgreeWithLabels.call(this, received, options)
}

/**
 * Registers the matchers and the conversation snapshot serializer with Vitest's `expect`. The
 * setup entry calls it for every test file (registering again is harmless).
 */
export function registerMatchers(): void {
  expect.extend({
    ...matchers,
    toMatchConversationSnapshot: createToMatchConversationSnapshot(Snapshots.toMatchSnapshot),
    toSatisfyJudge,
    toAgreeWithLabels,
  })
  expect.addSnapshotSerializer(createConversationSerializer(snapshotLocation))
  ;(globalThis as Record<symbol, unknown>)[REGISTERED] = true
}

/**
 * Registers them unless the setup entry did: importing `vitest-scenario` (and so `scenario()`)
 * gives a test file the matchers in a config without the plugin.
 */
export function ensureMatchers(): void {
  if ((globalThis as Record<symbol, unknown>)[REGISTERED] !== true) registerMatchers()
}

/** The snapshot file and test being asserted, from Vitest's `expect` state (for messages). */
function snapshotLocation(): SnapshotLocation {
  const state = expect.getState() as {
    currentTestName?: string
    snapshotState?: { snapshotPath?: string } | undefined
  }
  const path = state.snapshotState?.snapshotPath
  const root = providedOptions()?.root ?? process.cwd()
  return {
    file: path === undefined ? undefined : relative(root, path),
    test: state.currentTestName,
  }
}
