import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { startOpenAIServer } from '../support/openai-server/index.js'
import type { ReceivedRequest, ScriptedReply } from '../support/openai-server/types.js'
import { prepareSample, runVitestAsync } from '../support/sample-project.js'
import { hasTmux, Terminal } from '../support/tmux-terminal.js'

// The calibration guide's workflow, as a newcomer follows it with the packed package
// (test/projects/calibration, whose files the guide quotes): the suite replays from its
// recordings with CI=true and no server; a person labels the judge's six verdicts in a real
// terminal (tmux drives the packed bin); the calibration test, run after the suite with its own
// config, passes; the person relabels two criteria, and it fails as the new labels say; the
// suite's next run reports the calibration.

const REPLAY = {
  CI: 'true',
  SCENARIO_BASE_URL: undefined,
  OPENAI_API_KEY: undefined,
  VITEST_SCENARIO_RECORD: undefined,
}

const LABELS = 'test/__labels__/refunds.test.ts.labels.json'

let terminal: Terminal | undefined

afterEach(() => {
  terminal?.kill()
  terminal = undefined
})

/**
 * Labels the walk's criteria in the order it shows them (the judge's verdicts, in order: met,
 * met, met, unmet, met, met), one key each, then waits for the save.
 */
async function label(dir: string, keys: readonly ('m' | 'u')[], args: string[] = []) {
  terminal = new Terminal()
  terminal.start(dir, ['node_modules/vitest-scenario/dist/src/cli/main.js', 'label', ...args])
  await terminal.waitFor('6 criteria to label in 3 conversations.')
  for (const [i, key] of keys.entries()) {
    await terminal.waitFor(`${i + 1} of ${keys.length} · ${i} labelled`)
    terminal.press(key)
  }
  const screen = await terminal.waitFor('[exit 0]')
  expect(screen).toContain(`Saved 6 labels to ${LABELS}`)
  terminal.kill()
  terminal = undefined
}

function runCalibration(
  dir: string,
  file = 'refund-judge',
  env: Record<string, string | undefined> = REPLAY,
) {
  return runVitestAsync(dir, ['--config', 'vitest.calibration.config.ts', file], env)
}

/** The stricter judge: right about every criterion of the three conversations. */
const strictVerdicts: [answer: RegExp, criterion: string][] = [
  [/order number/, 'The agent asks for the order number'],
  [/Sorry/, 'The agent apologizes'],
  [/Friday/, 'The agent gives a date for the refund'],
  [/take time/, 'The agent stays polite'],
]

function strictJudge(request: ReceivedRequest): ScriptedReply {
  const body = request.body as { model: string; messages: { content: string | null }[] }
  if (body.model !== 'strict-judge') return { status: 400, message: `no model ${body.model}` }
  const text = String(body.messages.at(-1)?.content)
  const criteria = text
    .slice(text.lastIndexOf('Criteria:\n') + 'Criteria:\n'.length)
    .split('\n')
    .map((line) => line.replace(/^\d+\. /, ''))
  const json: Record<string, { reasoning: string; verdict: string }> = {}
  criteria.forEach((criterion, i) => {
    const met = strictVerdicts.some(([answer, named]) => named === criterion && answer.test(text))
    json[`criterion_${i + 1}`] = {
      reasoning: 'The transcript says so.',
      verdict: met ? 'met' : 'unmet',
    }
  })
  return { json, usage: { promptTokens: 200, completionTokens: 40 } }
}

describe('calibrating a judge, as the guide does it', { timeout: 240_000 }, () => {
  test.skipIf(!hasTmux && process.env.CI === undefined)(
    'label in the terminal, then toAgreeWithLabels passes and fails as the labels say',
    async () => {
      expect(hasTmux, 'tmux is needed in CI (.ci/run installs it)').toBe(true)
      const dir = prepareSample('calibration')
      const suite = await runVitestAsync(dir, [], REPLAY, { configReporters: true })
      expect(suite.output).toMatch(/Tests\s+3 passed \(3\)/)
      expect(suite.code).toBe(0)
      // No labels yet: the calibration test fails, saying how to get some.
      const none = await runCalibration(dir)
      expect(none.code).not.toBe(0)
      expect(none.output).toContain('vitest-scenario label')

      // The person agrees with the judge except on the curt answer's apology (the judge says
      // met; it is not an apology): κ 0.57, TPR 4 of 4 (lower bound 0.51).
      await label(dir, ['m', 'm', 'm', 'u', 'm', 'u'])
      expect(existsSync(join(dir, LABELS))).toBe(true)
      const agreeing = await runCalibration(dir)
      expect(agreeing.output).toMatch(/Tests\s+1 passed \(1\)/)
      expect(agreeing.code).toBe(0)

      // Another judge model decides the labelled conversations again: recorded once against the
      // scripted server, then replayed with CI=true and the server closed.
      const server = await startOpenAIServer({ created: 1_700_000_000, defaultReply: strictJudge })
      try {
        const recorded = await runCalibration(dir, 'another-judge', {
          CI: '',
          VITEST_SCENARIO_RECORD: 'all',
          SCENARIO_BASE_URL: server.baseURL,
          OPENAI_API_KEY: 'test-key-fake-calibration',
        })
        expect(recorded.output).toMatch(/Tests\s+1 passed \(1\)/)
        expect(server.requests.length).toBe(3)
      } finally {
        await server.close()
      }
      const replayed = await runCalibration(dir, 'another-judge')
      expect(replayed.output).toMatch(/Tests\s+1 passed \(1\)/)
      expect(replayed.code).toBe(0)
      const recordings = join(dir, 'calibration/__recordings__/another-judge.test.ts')
      expect(readdirSync(recordings)).toHaveLength(1)
      for (const file of readdirSync(recordings)) {
        expect(readFileSync(join(recordings, file), 'utf8')).not.toContain('test-key-fake')
      }

      // On a second look the curt answer is not polite either: κ 0.33, TPR 3 of 3 (0.44).
      await label(dir, ['m', 'm', 'm', 'u', 'u', 'u'], ['--all'])
      const disagreeing = await runCalibration(dir)
      expect(disagreeing.code).not.toBe(0)
      expect(disagreeing.output).toMatch(/Tests\s+1 failed \(1\)/)
      expect(disagreeing.output).toMatch(/κ 0\.33 < 0\.5/)
      expect(disagreeing.output).toMatch(/TPR lower bound 43\.9% < 50%/)

      // The suite's next run shows the calibration in its Markdown report.
      const again = await runVitestAsync(dir, [], REPLAY, { configReporters: true })
      expect(again.code).toBe(0)
      const markdown = readFileSync(join(dir, 'test-results/scenarios.md'), 'utf8')
      expect(markdown).toMatch(/Calibration/)
      expect(markdown).toContain('The agent apologizes')
    },
  )
})
