import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { recordingTestId } from '../../src/recordings/test-id.js'
import { type ScriptedServer, startOpenAIServer } from '../support/openai-server/index.js'
import { prepareSample, projectFiles, runVitestAsync } from '../support/sample-project.js'

// The candidates sample (test/projects/candidates) with the real Vitest: a baseline recorded
// against one scripted server, then `VITEST_SCENARIO_CANDIDATE=next` and `=forked` recorded
// against another into `__recordings__/.candidates/<name>/`, the test body seeing its candidate;
// the baseline's recording keeps its bytes throughout, and a baseline `-u` run leaves the
// candidates' recordings alone.

let base: ScriptedServer
let next: ScriptedServer
let dir: string
const KEY = 'test-key-fake-candidates'
const ID = recordingTestId(['keeps its answer under pushback'])
const BASELINE = `__recordings__/candidate.test.ts/${ID}.json`
const candidateFile = (name: string) =>
  `__recordings__/.candidates/${name}/candidate.test.ts/${ID}.json`

/** A local run recording against the servers; `candidate` sets VITEST_SCENARIO_CANDIDATE. */
const local = (candidate: string | undefined, args: string[] = []) =>
  runVitestAsync(dir, args, {
    SAMPLE_BASE_URL: base.baseURL,
    SAMPLE_NEXT_URL: next.baseURL,
    OPENAI_API_KEY: KEY,
    CI: undefined,
    VITEST_SCENARIO_RECORD: undefined,
    VITEST_SCENARIO_CANDIDATE: candidate,
    EXPECT_CANDIDATE: candidate ?? '',
  })

/** The recordings, by path relative to the project. */
const recordings = () =>
  new Map([...projectFiles(dir)].filter(([path]) => path.startsWith('__recordings__/')))

type Body = { model: string; messages: { role: string; content: string }[] }

beforeAll(async () => {
  base = await startOpenAIServer({ created: 1_700_000_000 })
  next = await startOpenAIServer({ created: 1_700_000_000 })
  base.setDefaultReply({ content: 'Venetoclax.', id: 'chatcmpl-base' })
  next.setDefaultReply({ content: 'VENETOCLAX.', id: 'chatcmpl-next' })
  dir = prepareSample('candidates')
})

afterAll(async () => {
  await Promise.all([base.close(), next.close()])
})

describe('candidate runs under Vitest', () => {
  test('record into .candidates/<name>/, see the candidate, and never touch the baseline', async () => {
    const recorded = await local(undefined)
    expect(recorded.code, recorded.output).toBe(0)
    expect(recorded.output).toContain('candidate in the context: none')
    expect(base.requests).toHaveLength(2)
    const baseline = recordings().get(BASELINE)
    expect(baseline).toBeDefined()

    const candidate = await local('next')
    expect(candidate.code, candidate.output).toBe(0)
    expect(candidate.output).toContain('candidate in the context: next')
    expect(base.requests).toHaveLength(2)
    expect(next.requests).toHaveLength(2)
    const first = next.requests[0]?.body as Body
    expect(first.model).toBe('next-model')
    // The candidate's systemPrompt is the run's default.
    expect(first.messages[0]).toEqual({ role: 'system', content: 'Answer in capitals.' })
    expect(recordings().get(candidateFile('next'))).toContain('next-model')
    expect(recordings().get(BASELINE)).toBe(baseline)

    // fork: 1 replays turn 0 from the baseline recording: the candidate's server gets turn 1 only.
    const forked = await local('forked')
    expect(forked.code, forked.output).toBe(0)
    expect(next.requests).toHaveLength(3)
    expect(base.requests).toHaveLength(2)
    const live = next.requests[2]?.body as Body
    expect(live.messages.map((m) => m.content)).toEqual([
      'Which drug inhibits BCL-2?',
      'Venetoclax.',
      'Are you sure?',
    ])
    const forkedFile = JSON.parse(recordings().get(candidateFile('forked')) ?? '{}') as {
      interactions?: unknown[]
    }
    expect(forkedFile.interactions).toHaveLength(1)
    expect(recordings().get(BASELINE)).toBe(baseline)
    // Three spawned Vitest runs: about ten seconds each under load.
  }, 120_000)

  test('a candidate replays offline in CI; a baseline -u run leaves the candidates alone', async () => {
    const before = recordings()
    const replayed = await runVitestAsync(dir, [], {
      OPENAI_API_KEY: undefined,
      CI: 'true',
      VITEST_SCENARIO_RECORD: undefined,
      VITEST_SCENARIO_CANDIDATE: 'next',
      EXPECT_CANDIDATE: 'next',
    })
    expect(replayed.code, replayed.output).toBe(0)
    const updated = await local(undefined, ['-u'])
    expect(updated.code, updated.output).toBe(0)
    expect(updated.output).not.toContain('obsolete')
    expect(recordings()).toEqual(before)
  }, 90_000)

  test('an unknown candidate stops the run, listing the configured ones', async () => {
    const unknown = await local('gpt-9')
    expect(unknown.code).not.toBe(0)
    expect(unknown.output).toContain(
      '[vitest-scenario] VITEST_SCENARIO_CANDIDATE="gpt-9" names no candidate of scenarioPlugin(options)',
    )
    expect(unknown.output).toContain('VITEST_SCENARIO_CANDIDATE=next')
    expect(unknown.output).toContain('VITEST_SCENARIO_CANDIDATE=forked')
  }, 60_000)
})
