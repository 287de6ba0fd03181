import { type HostBound, hostBound } from '../core/host-bound.js'
import { jestGate } from './host-presence.js'
import { currentJestRecording } from './recordings.js'

// The test author's `runScenario`, `wrap` and `recordedFetch` under Jest: the core ones, bound to
// the Jest test running in this async context, so model calls record and replay without passing
// anything (`scenario()`'s `run()` is bound the same way).
const bound = hostBound(currentJestRecording, jestGate)

/**
 * Runs a scenario (see `runScenario` in `vitest-scenario/core`); inside a Jest test its model
 * calls are answered through the test's recording (replayed, recorded or missed). A `recording`
 * given in the options wins.
 *
 * @example
 * const result = await runScenario(definition, { model: { model: 'gpt-4.1-mini' } })
 */
export const runScenario: HostBound['runScenario'] = bound.runScenario

/**
 * Judges a run's conversation against criteria (see `judgeConversation` in
 * `vitest-scenario/core`); inside a Jest test the judge's call is answered through the test's
 * recording (replayed, recorded or missed). A `recording` given in the options wins.
 *
 * @example
 * const judged = await judgeConversation(result, ['The agent stays polite'], { model: { model: 'gpt-4.1-mini' } })
 */
export const judgeConversation: HostBound['judgeConversation'] = bound.judgeConversation

/**
 * Measures a conversation judge against human labels (see `calibrateJudge` in
 * `vitest-scenario/core`); with `judge`, the labelled transcripts are judged again and those
 * calls go through the running test's recording. A `recording` given in the options wins.
 *
 * @example
 * const calibration = await calibrateJudge('test/__labels__/refunds.test.ts.labels.json')
 * calibration.overall.kappa // 0.82
 */
export const calibrateJudge: HostBound['calibrateJudge'] = bound.calibrateJudge

/**
 * A copy of your own `openai` client whose calls go through the recording of the Jest test that
 * makes them (also under `scenario.concurrent`), built with the SDK's `withOptions({ fetch })`:
 * the client itself is not changed, nothing global is patched, and every option is kept.
 *
 * @example
 * const client = wrap(new OpenAI())
 */
export const wrap: HostBound['wrap'] = bound.wrap

/**
 * A `fetch` for any SDK's `fetch` option (`createOpenAI({ fetch: recordedFetch })`, `new
 * Anthropic({ fetch: recordedFetch })`, …): each call goes through the recording of the Jest test
 * that makes it, with the same matching, modes, secret rules and file format as `wrap()`.
 *
 * @example
 * const openai = createOpenAI({ baseURL, fetch: recordedFetch })
 */
export const recordedFetch: typeof fetch = bound.recordedFetch
