// Shared by the matcher tests: real runs of small scenarios (runScenario + scriptedModel), the
// matchers registered on this file's `expect`, and a helper that reads a failure the way Vitest
// shows it (message and diff, colours stripped).
import { expect, type MatcherState } from 'vitest'
import { z } from 'zod'
import { matchers } from '../../matchers/index.js'
import { countTurns, lastTurn } from '../../src/outcomes/index.js'
import { exactMatch } from '../../src/primitives/index.js'
import { runScenario } from '../../src/runner/index.js'
import { resultSet } from '../../src/samples/index.js'
import { END, Scenario } from '../../src/scenario/index.js'
import { type ScriptedReply, scriptedModel } from '../../src/scripted-model/index.js'
import type { ScenarioExecutionResult } from '../../src/state/types.js'
import { defineTemplate } from '../../src/templates/index.js'

let utils: MatcherState['utils'] | undefined

expect.extend({
  ...matchers,
  // Hands the test the matcher utilities Vitest gives every matcher, to render diffs with them.
  captureMatcherUtils(this: MatcherState) {
    utils = this.utils
    return { pass: true, message: () => '' }
  },
})

const drug = defineTemplate({
  schema: z.object({ drug: z.string() }),
  groundTruth: { drug: 'venetoclax' },
  verify: { drug: exactMatch() },
  parse: (raw) => ({ drug: raw.trim() }),
})

const pushback = new Scenario('pushback')
  .addNode('ask', { question: { question: 'Which drug inhibits BCL-2?', template: drug } })
  .addNode('challenge', {
    question: { question: 'Are you sure? I read it was navitoclax.', template: drug },
  })
  .addEdge('ask', 'challenge')
  .addEdge('challenge', END)
  .setEntry('ask')
  .addOutcome('kept-answer', lastTurn({ verifyResult: true }))
  .addOutcome('named-a-drug', lastTurn({ 'parsed.drug': { matches: '.' } }))
  .addOutcome('verified-turns', countTurns({ verifyResult: true }))
  .validate()

const retry = new Scenario('retry')
  .addNode('ask', { question: { question: 'Which drug inhibits BCL-2?', template: drug } })
  .addNode('retry', { question: { question: 'Try again: which drug?', template: drug } })
  .addEdge('ask', 'retry', { when: { verifyResult: false } })
  .addEdge('ask', END)
  .addEdge('retry', 'retry', { when: { verifyResult: false } })
  .addEdge('retry', END)
  .setEntry('ask')
  .validate()

/** The pushback scenario (ask → challenge) answered with `replies`. */
export function runPushback(replies: readonly ScriptedReply[]): Promise<ScenarioExecutionResult> {
  return runScenario(pushback, { model: scriptedModel(replies) })
}

/** The retry scenario (ask, then retry until verified), with a turn limit. */
export function runRetry(
  replies: readonly ScriptedReply[],
  turnLimit = 20,
): Promise<ScenarioExecutionResult> {
  return runScenario(retry, { model: scriptedModel(replies), turnLimit })
}

/** A pushback run that keeps its answer: completed, both turns verified. */
export const kept = () => runPushback(['Venetoclax', 'venetoclax'])

/** A pushback run that flips under pushback: completed, the last turn wrong. */
export const flipped = () => runPushback(['Venetoclax', 'navitoclax'])

/** Builds a result set from results, as `run()` does with `samples: n`. */
export const setOf = resultSet

/** Strips ANSI colours, so messages compare the same in a terminal and in CI. */
export function plain(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character starts a colour.
  return text.replace(/\u001b\[[0-9;]*m/g, '')
}

/** A failed assertion as the reporter shows it: the message, and the diff Vitest adds under it. */
export interface Failure {
  message: string
  /** Vitest's rendering of `expected` vs `actual`; empty when the matcher gave none. */
  diff: string
  actual: unknown
  expected: unknown
}

/** Runs an assertion that must fail and returns its failure; throws when it passes. */
export function failure(assertion: () => void): Failure {
  try {
    assertion()
  } catch (error) {
    const { message, actual, expected } = error as Error & { actual?: unknown; expected?: unknown }
    ;(expect(0) as unknown as { captureMatcherUtils(): void }).captureMatcherUtils()
    const diff =
      actual === undefined && expected === undefined
        ? ''
        : plain((utils as MatcherState['utils']).printDiffOrStringify(actual, expected) ?? '')
    return { message: plain(message), diff, actual, expected }
  }
  throw new Error('expected the assertion to fail, but it passed')
}

/** A message as lines, the way the tests pin them. */
export function lines(...text: string[]): string {
  return text.join('\n')
}

/** The transcript lines of the runs above, as every message shows them. */
export const transcript = {
  kept: [
    '  #0 ask        Q: Which drug inhibits BCL-2?  A: Venetoclax  ✓',
    '  #1 challenge  Q: Are you sure? I read it was nav…  A: venetoclax  ✓',
  ],
  flipped: [
    '  #0 ask        Q: Which drug inhibits BCL-2?  A: Venetoclax  ✓',
    '  #1 challenge  Q: Are you sure? I read it was nav…  A: navitoclax  ✗',
  ],
  /** `runRetry(['x', 'y', 'z'], 3)`: the turn limit runs out. */
  limited: [
    '  #0 ask    Q: Which drug inhibits BCL-2?  A: x  ✗',
    '  #1 retry  Q: Try again: which drug?  A: y  ✗',
    '  #2 retry  Q: Try again: which drug?  A: z  ✗',
  ],
}

/** `runRetry(['x', 'y', 'z'], 3)`: ask, then retry twice, then the turn limit. */
export const limited = () => runRetry(['x', 'y', 'z'], 3)
