import { type HostBound, hostBound } from '../../core/host-bound.js'
import { vitestGate } from './host-presence.js'
import { currentRecordingSession } from './test-sessions.js'

// The test author's `runScenario` and `wrap`: the core ones, bound to the Vitest host's current
// test, so model calls record and replay without passing anything. `vitest-scenario/core` keeps
// the unbound ones (a run there records only with an explicit `recording` session).
const bound = hostBound(currentRecordingSession, vitestGate)

/**
 * Runs a scenario (see `runScenario` in `vitest-scenario/core`); inside a Vitest test with the
 * plugin, its model calls are answered through the test's recording (replayed, recorded or
 * missed). A `recording` given in the options wins.
 *
 * @example
 * const result = await runScenario(definition, { model: { model: 'gpt-4.1-mini' } })
 */
export const runScenario: HostBound['runScenario'] = bound.runScenario

/**
 * Judges a run's conversation against criteria (see `judgeConversation` in
 * `vitest-scenario/core`); inside a Vitest test the judge's call is answered through the test's
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
 * A copy of your own `openai` client whose calls go through the recording of the test that makes
 * them (also under `test.concurrent`), built with the SDK's `withOptions({ fetch })`: the client
 * itself is not changed, and nothing global is patched. It keeps its own retry settings and every
 * other option (`AzureOpenAI`'s `apiVersion` and `deployment` too); a copy that would lose one is
 * refused with an error naming it. An agent under test that calls the model through the copy has
 * those calls' tokens counted in its turn's `usage.answering` (unless it reports its own `usage`).
 *
 * @example
 * const client = wrap(new OpenAI())
 * const result = await runScenario(definition, { model: { model: 'gpt-4.1-mini', client } })
 */
export const wrap: HostBound['wrap'] = bound.wrap

/**
 * A `fetch` for any SDK's `fetch` option (`createOpenAI({ fetch: recordedFetch })`,
 * `createAnthropic({ fetch: recordedFetch })`, `new Anthropic({ fetch: recordedFetch })`, …): each
 * call goes through the recording of the test that makes it (replayed, recorded or missed, as
 * `wrap()`ped `openai` clients' calls are), with the same matching, modes, secret rules and file
 * format; outside a test it goes straight to the network. JSON and event-stream responses are
 * recorded. A request is recorded by its path on its host (`/v1/messages`), so a recording
 * replays against another host or port. Calls an agent under test makes through it are counted
 * in its turn's `usage.answering`.
 *
 * @example
 * const openai = createOpenAI({ baseURL, fetch: recordedFetch })
 */
export const recordedFetch: typeof fetch = bound.recordedFetch
