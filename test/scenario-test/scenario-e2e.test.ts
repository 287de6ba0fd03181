import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startOpenAIServer } from '../support/openai-server/index.js'
import type { ScriptedServer } from '../support/openai-server/types.js'
import { prepareSample, runVitestAsync } from '../support/sample-project.js'

// scenario() as a user writes it (test/projects/scenario), in a real Vitest run: both forms, the
// modifiers, the plugin's model with recordings, samples, snapshots, automatic outcome assertions.
let server: ScriptedServer
let dir: string

beforeAll(async () => {
  server = await startOpenAIServer({ created: 1_700_000_000 })
  server.setDefaultReply((request) => {
    const messages = (request.body as { messages: { role: string; content: string }[] }).messages
    return {
      content: `Echo: ${messages.at(-1)?.content ?? ''}`,
      id: 'chatcmpl-echo',
      usage: { promptTokens: 11, completionTokens: 7 },
    }
  })
  dir = prepareSample('scenario')
})

afterAll(async () => {
  await server.close()
})

const local = (args: string[]) =>
  runVitestAsync(dir, ['--update=new', ...args], {
    CI: '',
    SCENARIO_BASE_URL: server.baseURL,
    OPENAI_API_KEY: 'test-key-fake-scenario',
  })

const ci = (args: string[], env: Record<string, string | undefined> = {}) =>
  runVitestAsync(dir, args, {
    CI: 'true',
    SCENARIO_BASE_URL: undefined,
    OPENAI_API_KEY: undefined,
    ...env,
  })

const recordingsOf = (file: string) => {
  const folder = join(dir, '__recordings__', file)
  return existsSync(folder) ? readdirSync(folder).sort() : []
}

describe('scenario() in a real Vitest run', () => {
  test('a finished scenario test keeps nothing of its run alive, recorded or replayed', async () => {
    const recorded = await local(['memory.test.ts'])
    expect(recorded.code, recorded.output).toBe(0)
    const replayed = await ci(['memory.test.ts'])
    expect(replayed.code, replayed.output).toBe(0)
    expect(replayed.output).toMatch(/2 passed/)
  })

  test('a local run records the plugin model, writes snapshots, and runs every form', async () => {
    const run = await local(['forms.test.ts', 'samples.test.ts', 'snapshot.test.ts'])
    expect(run.code, run.output).toBe(0)
    // A scenario whose calls may go out live gets 60 s.
    expect(run.output).toContain('[forms] plugin model replayed=false timeout=60000')
    expect(run.output).toMatch(
      /✓ forms\.test\.ts > takes options second, with an agent as the model/,
    )
    expect(run.output).toMatch(/✓ forms\.test\.ts > knows the target of '?venetoclax'?/)
    expect(run.output).toMatch(/✓ forms\.test\.ts > knows the target of '?imatinib'?/)
    expect(run.output).toMatch(/✓ forms\.test\.ts > concurrent scenarios > first runs alongside/)
    expect(run.output).toMatch(/↓ forms\.test\.ts > is skipped/)
    expect(run.output).toMatch(/[↓□] forms\.test\.ts > handles a model that refuses/)
    expect(run.output).toMatch(/Tests\s+9 passed \| 1 skipped \| 1 todo \(11\)/)
    // Only the scenario that used a model over HTTP has a recording.
    expect(recordingsOf('forms.test.ts')).toEqual([
      expect.stringMatching(/^answers-with-the-plugin-model-[0-9a-f]{8}\.json$/),
    ])
    // Each sample records to its own file; the test's own file is not written.
    expect(recordingsOf('samples.test.ts')).toEqual([
      expect.stringMatching(
        /^runs-three-samples-each-with-its-own-recording-[0-9a-f]{8}\.sample-0\.json$/,
      ),
      expect.stringMatching(/\.sample-1\.json$/),
      expect.stringMatching(/\.sample-2\.json$/),
    ])
    expect(run.output).toContain('[samples] replayed=false,false,false low=0.439')
    const snap = readFileSync(join(dir, '__snapshots__/snapshot.test.ts.snap'), 'utf8')
    const transcript = [
      'scenario: matches its conversation snapshot · completed · 2 turns',
      'path: ask → challenge',
      '',
      '#0 ask',
      '  user: Which drug inhibits BCL-2?',
      '  assistant: Answer to: Which drug inhibits BCL-2?',
      '',
      '#1 challenge',
      '  user: Are you sure?',
      '  assistant: Answer to: Are you sure?',
    ].join('\n')
    // toMatchConversationSnapshot and toMatchSnapshot store the same readable transcript.
    expect(snap.split(transcript)).toHaveLength(3)
    expect(snap).not.toMatch(/durationMs|usage|"input"/)
  }, 120_000)

  test('CI replays everything with the server gone, under the default timeout', async () => {
    const requests = server.requests.length
    const run = await ci(['forms.test.ts', 'samples.test.ts', 'snapshot.test.ts'])
    expect(run.code, run.output).toBe(0)
    expect(server.requests.length).toBe(requests)
    expect(run.output).toContain('[forms] plugin model replayed=true timeout=5000')
    expect(run.output).toContain('[samples] replayed=true,true,true low=0.439')
  }, 120_000)

  test('fewer samples leave the extra sample recordings obsolete', async () => {
    const run = await ci(['samples.test.ts'], { SCENARIO_SAMPLES: '2' })
    expect(run.code, run.output).toBe(0)
    expect(run.output).toMatch(
      /1 obsolete recording: no test of samples\.test\.ts owns it\n\s+- __recordings__\/samples\.test\.ts\/runs-three-samples-each-with-its-own-recording-[0-9a-f]{8}\.sample-2\.json/,
    )
  }, 120_000)

  test('a changed conversation fails its snapshot in CI with a diff of the transcript', async () => {
    const run = await ci(['snapshot.test.ts'], { SCENARIO_DRIFT: ' (changed)' })
    expect(run.code).toBe(1)
    expect(run.output).toContain('Snapshot `matches its conversation snapshot 1` mismatched')
    expect(run.output).toContain('-   assistant: Answer to: Which drug inhibits BCL-2?')
    expect(run.output).toContain('+   assistant: Answer to: Which drug inhibits BCL-2? (changed)')
  }, 120_000)

  test('boolean outcomes are asserted after the body, unless turned off', async () => {
    const run = await ci(['outcomes.test.ts'])
    expect(run.code).toBe(1)
    expect(run.output).toMatch(/Tests\s+5 failed \| 1 passed \(6\)/)
    expect(run.output).toMatch(/✓ outcomes\.test\.ts > asserts nothing with assertOutcomes: false/)
    expect(run.output).toMatch(
      /FAIL\s+outcomes\.test\.ts > fails on a false outcome after the body/,
    )
    expect(run.output).toContain(
      "[vitest-scenario] An outcome criterion of scenario 'fails on a false outcome after the body' is false (asserted after the test body; `assertOutcomes: false` turns this off)",
    )
    expect(run.output).toContain('✗ kept BCL2')
    // An error is not a verdict: named with its category, worded apart from a failed criterion.
    expect(run.output).toContain(
      "[vitest-scenario] Outcome criteria of scenario 'fails naming an outcome that could not be evaluated' could not be evaluated: 'graded by a service' (unexpected). This is an error, not a verdict: fix its cause and run again (asserted after the test body; `assertOutcomes: false` turns this off)",
    )
    expect(run.output).toContain(
      '✗ graded by a service — could not be evaluated, unexpected error: evaluate threw Error: grading service unreachable',
    )
    expect(run.output).toContain('✗ short — took 2 turns, at most 1 allowed')
    expect(run.output).toContain(
      "[vitest-scenario] scenario 'fails when the body never calls run()' finished without calling run()",
    )
    expect(run.output).toContain(
      "unknown_target: Edge 'ask' → 'nowhere' goes to 'nowhere', which is neither a known node nor END",
    )
  }, 120_000)

  test('an unknown option fails the file when it is collected, listing the valid ones', async () => {
    const run = await ci(['bad-options.test.ts'])
    expect(run.code).toBe(1)
    expect(run.output).toContain(
      "[vitest-scenario] scenario('has a typo in its options', options) has an invalid option",
    )
    expect(run.output).toContain(
      "unknown key 'sample' in options; valid keys: 'model', 'parsingModel', 'userModel', 'turnLimit', 'turnTimeoutMs', 'seed', 'budget', 'timeout', 'samples', 'assertOutcomes'",
    )
  }, 120_000)

  test("an agent's own calls through wrap() are its turns' usage, recorded then replayed", async () => {
    const local = await runVitestAsync(dir, ['--update=new', 'agent-calls.test.ts'], {
      CI: '',
      SCENARIO_BASE_URL: server.baseURL,
      OPENAI_API_KEY: 'test-key-fake-scenario',
    })
    expect(local.code, local.output).toBe(0)
    // Two turns, each one call of 11 prompt and 7 completion tokens, by the model the server names.
    const counted =
      'answering={"input":22,"output":14,"cached":0,"cacheWrite":0,"reasoning":0,"model":"steady"}'
    expect(local.output).toContain(`[agent-calls] ${counted} replayed=false`)
    expect(recordingsOf('agent-calls.test.ts')).toHaveLength(1)
    const requests = server.requests.length
    const replayed = await ci(['agent-calls.test.ts'])
    expect(replayed.code, replayed.output).toBe(0)
    expect(server.requests.length).toBe(requests)
    expect(replayed.output).toContain(`[agent-calls] ${counted} replayed=true`)
  }, 120_000)

  test('skipIf and runIf skip or run a scenario as Vitest does; a skipped one is reported skipped', async () => {
    const run = await ci(['conditions.test.ts'])
    expect(run.code, run.output).toBe(0)
    expect(run.output).toMatch(/↓ conditions\.test\.ts > is skipped without the key/)
    expect(run.output).toMatch(/↓ conditions\.test\.ts > runs only with the key/)
    expect(run.output).toMatch(/✓ conditions\.test\.ts > runs when skipIf is false/)
    expect(run.output).toMatch(/✓ conditions\.test\.ts > runs when runIf is true, chained/)
    expect(run.output).toMatch(/Tests\s+2 passed \| 2 skipped \(4\)/)
    // The condition decides: with the key, the two others run (and fail on purpose).
    const keyed = await ci(['conditions.test.ts'], { SCENARIO_CONDITION_KEY: 'set' })
    expect(keyed.code).toBe(1)
    expect(keyed.output).toContain('a scenario skipped by skipIf ran')
    expect(keyed.output).toContain('a scenario that runIf left out ran')
    expect(keyed.output).toMatch(/Tests\s+2 failed \| 2 passed \(4\)/)
  }, 120_000)

  test('.only leaves the file’s other scenarios out', async () => {
    const run = await ci(['only.test.ts', '--allowOnly'])
    expect(run.code, run.output).toBe(0)
    expect(run.output).toMatch(/✓ only\.test\.ts > runs alone/)
    expect(run.output).toMatch(/Tests\s+1 passed \| 1 skipped \(2\)/)
  }, 120_000)
})
