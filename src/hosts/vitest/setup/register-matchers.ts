import { relative } from 'node:path'
import { expect, Snapshots } from 'vitest'
import { matchers } from '../../../../matchers/index.js'
import { createToMatchConversationSnapshot } from '../../../../matchers/to-match-conversation-snapshot.js'
import { createToSatisfyJudge } from '../../../../matchers/to-satisfy-judge.js'
import { createConversationSerializer, type SnapshotLocation } from '../../../snapshot/index.js'
import { providedOptions } from './provided-options.js'
import { currentRecordingSession } from './recording-hooks.js'

const REGISTERED = Symbol.for('vitest-scenario.matchers')

/**
 * Registers the matchers and the conversation snapshot serializer with Vitest's `expect`. The
 * setup entry calls it for every test file (registering again is harmless).
 */
export function registerMatchers(): void {
  expect.extend({
    ...matchers,
    toMatchConversationSnapshot: createToMatchConversationSnapshot(Snapshots.toMatchSnapshot),
    // The judge's default model is the plugin's parsing model; its call records in the test's
    // recording, as a run's calls do.
    toSatisfyJudge: createToSatisfyJudge({
      model: () => providedOptions()?.parsingModel,
      recording: currentRecordingSession,
    }),
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
