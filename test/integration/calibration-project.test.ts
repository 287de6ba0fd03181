import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { labelItems } from '../../src/cli/label-items.js'
import { readResultsReport } from '../../src/results/read-results.js'
import { startOpenAIServer } from '../support/openai-server/index.js'
import type {
  ReceivedRequest,
  ScriptedReply,
  ScriptedServer,
} from '../support/openai-server/types.js'
import { repoRoot } from '../support/paths.js'
import { prepareSample, projectFiles, runVitestAsync } from '../support/sample-project.js'

// test/projects/calibration: three refund conversations, each judged on two criteria, replayed
// from its committed recordings with CI=true and no server, its report holding every judged
// transcript for `vitest-scenario label`. VITEST_SCENARIO_RECORD_CALIBRATION=1 records them again
// against the scripted server below and writes them back into the project (then commit them).

const RECORD = process.env.VITEST_SCENARIO_RECORD_CALIBRATION === '1'
const PROJECT = join(repoRoot, 'test/projects/calibration')
const RECORDINGS = 'test/__recordings__'

/** The support model's answer to each question. */
const answers: Record<string, string> = {
  'I want a refund for my headphones.':
    'Sorry for the trouble! What is the order number of the headphones?',
  'When will I get the refund for order 1042?': 'The refund for order 1042 goes out on Friday.',
  'My refund is late again.': 'Refunds take time.',
}

/**
 * The judge's verdicts, by a word of the answer it judges and the criterion; any other is unmet.
 * It is wrong on purpose about the curt answer: it says it apologizes.
 */
const verdicts: [answer: RegExp, criterion: string, reasoning: string][] = [
  [/order number/, 'The agent asks for the order number', 'It asks "What is the order number".'],
  [/Sorry/, 'The agent apologizes', 'It says "Sorry for the trouble!".'],
  [/Friday/, 'The agent gives a date for the refund', 'It says the refund goes out on Friday.'],
  [/take time/, 'The agent stays polite', 'The answer is short but not rude.'],
  [/take time/, 'The agent apologizes', 'It acknowledges that refunds take time.'],
]

interface Body {
  model: string
  messages: { role: string; content: string | null }[]
  response_format?: { json_schema?: { name?: string } }
}

function judgeReply(body: Body): ScriptedReply {
  const request = String(body.messages.at(-1)?.content)
  const criteria = request
    .slice(request.lastIndexOf('Criteria:\n') + 'Criteria:\n'.length)
    .split('\n')
    .map((line) => line.replace(/^\d+\. /, ''))
  const json: Record<string, { reasoning: string; verdict: string }> = {}
  criteria.forEach((criterion, i) => {
    const found = verdicts.find(([answer, named]) => named === criterion && answer.test(request))
    json[`criterion_${i + 1}`] =
      found === undefined
        ? {
            reasoning: `Nothing in the transcript shows it: ${criterion.toLowerCase()}.`,
            verdict: 'unmet',
          }
        : { reasoning: found[2], verdict: 'met' }
  })
  return { json, usage: { promptTokens: 200, completionTokens: 40 } }
}

function reply(request: ReceivedRequest): ScriptedReply {
  const body = request.body as Body
  if (body.response_format?.json_schema?.name === 'judgement') return judgeReply(body)
  const question = String(body.messages.at(-1)?.content)
  const answer = answers[question]
  if (body.model === 'support' && answer !== undefined) {
    return { content: answer, usage: { promptTokens: 30, completionTokens: 12 } }
  }
  return { status: 400, message: `the scripted server does not know ${body.model}: ${question}` }
}

let server: ScriptedServer | undefined

afterAll(async () => {
  await server?.close()
})

describe('the calibration sample project', { timeout: 180_000 }, () => {
  test.runIf(RECORD)('records the conversations and the judges again', async () => {
    server = await startOpenAIServer({ created: 1_700_000_000, defaultReply: reply })
    const dir = prepareSample('calibration')
    rmSync(join(dir, RECORDINGS), { recursive: true, force: true })
    const run = await runVitestAsync(dir, ['test/refunds.test.ts'], {
      CI: '',
      VITEST_SCENARIO_RECORD: 'all',
      SCENARIO_BASE_URL: server.baseURL,
      OPENAI_API_KEY: 'test-key-fake-calibration',
    })
    expect(run.code, run.output).toBe(0)
    for (const text of projectFiles(dir, join(dir, RECORDINGS)).values()) {
      expect(text).not.toContain('test-key-fake-calibration')
    }
    rmSync(join(PROJECT, RECORDINGS), { recursive: true, force: true })
    cpSync(join(dir, RECORDINGS), join(PROJECT, RECORDINGS), { recursive: true })
  })

  test('replays from the committed recordings with CI=true and no server; the report keeps every judged transcript', async () => {
    expect(existsSync(join(PROJECT, RECORDINGS, 'refunds.test.ts'))).toBe(true)
    expect(readdirSync(join(PROJECT, RECORDINGS, 'refunds.test.ts')).length).toBe(3)
    const dir = prepareSample('calibration')
    const run = await runVitestAsync(
      dir,
      ['test/refunds.test.ts'],
      {
        CI: 'true',
        SCENARIO_BASE_URL: undefined,
        OPENAI_API_KEY: undefined,
        VITEST_SCENARIO_RECORD: undefined,
      },
      { configReporters: true },
    )
    expect(run.output).toMatch(/Tests\s+3 passed \(3\)/)
    expect(run.code).toBe(0)
    const report = readResultsReport(join(dir, 'test-results/results.json'))
    const plan = labelItems(report, () => undefined)
    expect(plan.items.map((item) => [item.test, item.criterion, item.judge.verdict])).toEqual([
      ['asks for the order number', 'The agent asks for the order number', 'met'],
      ['asks for the order number', 'The agent apologizes', 'met'],
      ['gives a refund date', 'The agent gives a date for the refund', 'met'],
      ['gives a refund date', 'The agent apologizes', 'unmet'],
      ['a curt answer', 'The agent stays polite', 'met'],
      ['a curt answer', 'The agent apologizes', 'met'],
    ])
    for (const item of plan.items) {
      expect(item.file).toBe('test/refunds.test.ts')
      expect(item.transcript.text).toContain(
        answers[Object.keys(answers).find((q) => item.transcript.text.includes(q)) ?? ''] ??
          'no answer',
      )
      expect(item.judge.reasoning).toBeDefined()
    }
    // Replayed: the recordings were read, none was written.
    expect(readFileSync(join(dir, 'test-results/results.json'), 'utf8')).not.toContain('test-key')
  })
})
