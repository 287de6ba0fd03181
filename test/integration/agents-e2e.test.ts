import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startOpenAIServer } from '../support/openai-server/index.js'
import type {
  ReceivedRequest,
  ScriptedReply,
  ScriptedServer,
} from '../support/openai-server/types.js'
import type { RunResult } from '../support/run.js'
import { prepareSample, runVitestAsync } from '../support/sample-project.js'

// Agent tests as a user writes them (test/projects/agents), in real Vitest runs against one
// scripted server playing the agent's model, the simulated user and the judges: recorded once,
// then replayed in CI with no server; failure output as a user reads it; the reporter's output.

interface Message {
  role: string
  content: string | null
}
interface Body {
  model: string
  messages: Message[]
  response_format?: { json_schema?: { name?: string } }
}

/** The judge's verdicts by criterion; any other criterion is met. */
const verdicts: Record<string, { verdict: 'unmet' | 'inconclusive'; reasoning: string }> = {
  'The agent apologizes for the delay': {
    verdict: 'unmet',
    reasoning: 'Turn 0, assistant: "Not my problem." It does not apologize.',
  },
  'The agent offers a voucher': {
    verdict: 'unmet',
    reasoning: 'Turn 0, assistant: "It will arrive on Friday." No voucher is offered.',
  },
}

/** The simulated customer's messages, by how many it has written before. */
const customerLines = [
  { message: 'Hi, my parcel has not arrived yet.', goalReached: false },
  { message: 'It is order 1042.', goalReached: false },
  { message: 'Great, thank you!', goalReached: true },
]

const usage = (promptTokens: number, completionTokens: number) => ({
  promptTokens,
  completionTokens,
})

/** The judge: one verdict per numbered criterion of its request. */
function judgeReply(body: Body): ScriptedReply {
  const request = String(body.messages.at(-1)?.content)
  const criteria = request
    .slice(request.lastIndexOf('Criteria:\n') + 'Criteria:\n'.length)
    .split('\n')
    .map((line) => line.replace(/^\d+\. /, ''))
  const json: Record<string, { reasoning: string; verdict: string }> = {}
  criteria.forEach((criterion, i) => {
    json[`criterion_${i + 1}`] = verdicts[criterion] ?? {
      reasoning: `The transcript shows it: ${criterion.toLowerCase()}.`,
      verdict: 'met',
    }
  })
  return { json, usage: usage(200, 40) }
}

/** The support agent's model: looks an order number up, then answers from the tool's result. */
function agentReply(body: Body): ScriptedReply {
  const last = body.messages.at(-1)
  const text = String(last?.content)
  if (last?.role === 'tool') {
    return { content: 'Order 1042 is delayed; it will arrive on Friday.', usage: usage(50, 10) }
  }
  const id = /\b\d{4}\b/.exec(text)?.[0]
  if (id !== undefined) {
    return {
      toolCalls: [{ id: 'call_lookup', name: 'lookUpOrder', arguments: { id } }],
      usage: usage(50, 10),
    }
  }
  if (/thank/i.test(text)) return { content: 'You are welcome!', usage: usage(50, 10) }
  return { content: 'Sorry to hear that! What is your order number?', usage: usage(50, 10) }
}

function reply(request: ReceivedRequest): ScriptedReply {
  const body = request.body as Body
  if (body.model === 'judge-down')
    return { status: 500, message: 'the judge is down', retryAfterMs: 1 }
  if (body.response_format?.json_schema?.name === 'judgement') return judgeReply(body)
  if (body.response_format?.json_schema?.name === 'simulated_user') {
    const written = body.messages.filter((m) => m.role === 'assistant').length
    return { json: customerLines[written] ?? customerLines.at(-1), usage: usage(30, 8) }
  }
  if (body.model === 'agent') return agentReply(body)
  return { status: 400, message: `the scripted server does not know model ${body.model}` }
}

let server: ScriptedServer
let dir: string

beforeAll(async () => {
  server = await startOpenAIServer({ created: 1_700_000_000, defaultReply: reply })
  dir = prepareSample('agents')
})

afterAll(async () => {
  await server.close()
})

/** Every recording file's name and text. */
function recordings(): Record<string, string> {
  const root = join(dir, '__recordings__')
  const files: Record<string, string> = {}
  if (!existsSync(root)) return files
  for (const folder of readdirSync(root)) {
    for (const file of readdirSync(join(root, folder))) {
      files[`${folder}/${file}`] = readFileSync(join(root, folder, file), 'utf8')
    }
  }
  return files
}

/** The `[agents] <name> <facts>` lines the passing scenarios print, by name. */
function facts(output: string): Record<string, unknown> {
  const found: Record<string, unknown> = {}
  for (const match of output.matchAll(/\[agents\] (\w+) (\{.*\})$/gm)) {
    found[match[1] ?? ''] = JSON.parse(match[2] ?? '')
  }
  return found
}

/** The blocks a failed test prints under `FAIL  failures.test.ts > <name>`, one per error. */
function failureBlocks(output: string, name: string): string[] {
  const blocks: string[] = []
  const heading = `FAIL  failures.test.ts > ${name}`
  for (
    let start = output.indexOf(heading);
    start !== -1;
    start = output.indexOf(heading, start + 1)
  ) {
    // A block ends at Vitest's separator line, or at the next failure's heading.
    const ends = [output.indexOf('⎯⎯⎯⎯', start), output.indexOf(' FAIL  ', start + 1)]
    const end = Math.min(...ends.map((at) => (at === -1 ? output.length : at)))
    blocks.push(output.slice(start, end))
  }
  expect(blocks.length, `no failure block for '${name}':\n${output}`).toBeGreaterThan(0)
  return blocks
}

/** The one error a failed test prints. */
function failureOf(output: string, name: string): string {
  const blocks = failureBlocks(output, name)
  expect(blocks).toHaveLength(1)
  return blocks[0] ?? ''
}

/** Every error a failed test prints, joined. */
const failuresOf = (output: string, name: string) => failureBlocks(output, name).join('\n')

describe('agent tests in a real Vitest run', { timeout: 180_000 }, () => {
  let recorded: RunResult
  let recordedFacts: Record<string, unknown>

  test('a recording run: simulated user, tools, judges, seed, scripted answers, a budget', async () => {
    recorded = await runVitestAsync(
      dir,
      [],
      {
        CI: '',
        VITEST_SCENARIO_RECORD: 'all',
        SCENARIO_BASE_URL: server.baseURL,
        OPENAI_API_KEY: 'test-key-fake-agents',
        GITHUB_STEP_SUMMARY: '',
      },
      { configReporters: true },
    )
    const output = recorded.output
    expect(output).toMatch(/Tests\s+4 failed \| 3 passed \(7\)/)
    expect(recorded.code).toBe(1)
    recordedFacts = facts(output)
    expect(recordedFacts).toEqual({
      simulated: {
        status: 'completed',
        stopReason: 'end',
        path: ['customer', 'customer', 'customer'],
        questions: customerLines.map((line) => line.message),
        answers: [
          'Sorry to hear that! What is your order number?',
          'Order 1042 is delayed; it will arrive on Friday.',
          'You are welcome!',
        ],
        toolNames: [[], ['lookUpOrder'], []],
        user: [false, false, true],
        // The agent's own calls (4 × 60 tokens), the simulated user's (3 × 38), one judge (240).
        usage: expect.objectContaining({
          input: 4 * 50 + 3 * 30 + 200,
          output: 4 * 10 + 3 * 8 + 40,
          // Each side names the model that answered it; the run's `model` is the answering one.
          model: 'agent',
          reasoning: 0,
          answering: {
            input: 200,
            output: 40,
            cached: 0,
            cacheWrite: 0,
            reasoning: 0,
            model: 'agent',
          },
          simulating: {
            input: 90,
            output: 24,
            cached: 0,
            cacheWrite: 0,
            reasoning: 0,
            model: 'user',
          },
          judging: {
            input: 200,
            output: 40,
            cached: 0,
            cacheWrite: 0,
            reasoning: 0,
            model: 'judge',
          },
        }),
        outcomeResults: {
          helpful: true,
          'looked the order up': true,
          'only looked': true,
          'no refund': true,
        },
        judgements: {
          helpful: {
            verdict: 'pass',
            criteria: [
              expect.objectContaining({
                criterion: 'The agent asks for the order number before looking the order up',
                verdict: 'met',
              }),
              expect.objectContaining({ verdict: 'met' }),
              expect.objectContaining({ verdict: 'met' }),
            ],
          },
        },
      },
      seeded: expect.objectContaining({
        status: 'completed',
        stopReason: 'end',
        questions: [null, 'Where is my refund?', 'Thanks!'],
        answers: [
          'Hi again, this is Acme support.',
          'Your refund of 20 EUR was sent today.',
          'You are welcome!',
        ],
        outcomeResults: { 'refund explained': true },
      }),
      budget: expect.objectContaining({
        status: 'limit_reached',
        stopReason: 'budget',
        // 60 tokens a turn: past 150 after the third.
        path: ['ask', 'ask', 'ask'],
      }),
    })
    for (const name of [
      'a simulated customer gets a delivery date',
      'a seeded, scripted transcript is judged',
      'a budget stops a loop',
    ]) {
      expect(output).toContain(`✓ support.test.ts > ${name}`)
    }
    // Every model call the passing tests made is in a recording.
    const files = Object.keys(recordings()).filter((file) => file.startsWith('support.test.ts/'))
    expect(files).toHaveLength(3)
  })

  test('failure output: an unmet criterion with its reasoning', () => {
    const block = failureOf(recorded.output, 'an unmet criterion shows its reasoning')
    expect(block).toContain(
      "[vitest-scenario] An outcome criterion of scenario 'an unmet criterion shows its reasoning' is false",
    )
    expect(block).toContain(
      [
        'The outcome criterion failed:',
        '  ✗ caring',
        '      unmet: The agent apologizes for the delay',
        '        Turn 0, assistant: "Not my problem." It does not apologize.',
        '  #0 ask  Q: My parcel is late!  A (scripted): Not my problem.',
      ].join('\n'),
    )
    // The met criterion is not listed as a failure.
    expect(block).not.toContain('The agent answers in English')
  })

  test('failure output: a missing tool call lists the calls made per turn', () => {
    const block = failureOf(recorded.output, 'a missing tool call lists the calls made')
    expect(block).toContain(
      [
        "Error: expect(result).toHaveCalledTool('refund', { id: '1042' })",
        '',
        "refund({ id: '1042' }) was called 0 times; expected at least once.",
        'Calls made, per turn:',
        '  #0 ask  lookUpOrder({"id":"1042"})',
      ].join('\n'),
    )
  })

  test('failure output: a judge error is an error with its category, not a verdict', () => {
    const block = failureOf(
      recorded.output,
      'a judge that cannot be reached is an error, not a verdict',
    )
    expect(block).toContain(
      "could not be evaluated: 'polite' (server_error). This is an error, not a verdict: fix its cause and run again",
    )
    expect(block).toContain(
      'The outcome criterion could not be evaluated (an error, not a verdict):',
    )
    expect(block).toMatch(
      /✗ polite — could not be evaluated, server_error error: A call to model 'judge-down' at http:\/\/127\.0\.0\.1:\d+\/v1 failed \(server_error\): 500 the judge is down/,
    )
    // Not reported as a verdict.
    expect(block).not.toContain('The outcome criterion failed')
    expect(block).not.toMatch(/unmet|inconclusive/)
  })

  test('failure output: toSatisfyJudge failing shows the unmet criterion and why', () => {
    const block = failureOf(recorded.output, 'toSatisfyJudge fails with the reasoning')
    expect(block).toContain(
      [
        "Error: expect(result).toSatisfyJudge(['The agent offers a voucher'])",
        '',
        'The judge found 1 of 1 criteria not met (verdict: fail):',
        '  ✗ The agent offers a voucher (unmet)',
        '      Turn 0, assistant: "It will arrive on Friday." No voucher is offered.',
      ].join('\n'),
    )
  })

  test('the terminal report: judgements with reasoning, stop reason, tool calls, seeded messages', () => {
    const output = recorded.output
    const section = output.slice(output.indexOf('\n Scenarios\n'), output.indexOf('Failed Tests'))
    for (const lines of [
      [
        ' × failures.test.ts > an unmet criterion shows its reasoning',
        '     completed · 1 turn · ask → END · ',
        '     outcomes ✗ caring',
        '     conversation 1 scripted answer',
        '     judge caring fail (1 met)',
        '       ✗ The agent apologizes for the delay: Turn 0, assistant: "Not my problem." It does not apologize.',
        '     tokens 0 recorded, 240 spent now · calls 0 replayed, 1 recorded',
      ],
      [
        ' × failures.test.ts > a judge that cannot be reached is an error, not a verdict',
        '     outcomes ⚠ polite',
        "     ⚠ polite not evaluated, server_error error: A call to model 'judge-down' at ",
      ],
      [
        ' ✓ support.test.ts > a simulated customer gets a delivery date',
        '     completed · 3 turns · customer → customer → customer → END · ',
        '     outcomes ✓ helpful, ✓ looked the order up, ✓ only looked, ✓ no refund',
        '     conversation 3 simulated-user turns (goal reached on #2) · tools lookUpOrder',
        '     judge helpful pass (3 met)',
        '     tokens 0 recorded, 594 (114 simulated user) spent now · calls 0 replayed, 8 recorded',
      ],
      [
        ' ✓ support.test.ts > a seeded, scripted transcript is judged',
        '     conversation 4 seeded messages · 2 scripted answers · no user message on #0',
        '     judge refund explained pass (2 met)',
      ],
      [
        ' ✓ support.test.ts > a budget stops a loop',
        '     limit_reached (budget) · 3 turns · ask → ask → ask · ',
        '     tokens 0 recorded, 180 spent now · calls 0 replayed, 3 recorded',
      ],
      [
        ' Scenarios  3 passed | 4 failed (7) · 13 turns · tokens 0 recorded, 1,434 (114 simulated user) spent now · calls 0 replayed, 18 recorded',
        ' Scenario reports: reports/scenarios.md, reports/scenarios.html',
      ],
    ]) {
      let at = 0
      for (const line of lines) {
        const found = section.indexOf(line, at)
        expect(found, `'${line}' after offset ${at} in:\n${section}`).toBeGreaterThanOrEqual(at)
        at = found + line.length
      }
    }
  })

  test('the Markdown report: the stop reason, the conversation line and the Outcomes list', () => {
    const markdown = readFileSync(join(dir, 'reports/scenarios.md'), 'utf8')
    for (const text of [
      '| 0 | **limit\\_reached (budget)** | ask → ask → ask | 3 | — | 0 | 180 |',
      '**Conversation** 3 simulated-user turns (goal reached on \\#2) · tools lookUpOrder',
      '**Conversation** 4 seeded messages · 2 scripted answers · no user message on \\#0',
      [
        '**Outcomes**',
        '',
        '- judge caring: **fail** · met: The agent answers in English',
        '  - ✗ The agent apologizes for the delay: Turn 0, assistant: "Not my problem." It does not apologize.',
      ].join('\n'),
      '- judge helpful: **pass** · met: The agent asks for the order number before looking the order up; The agent gives the delivery date; The agent stays polite',
      "- ⚠ polite: not evaluated, **server\\_error** error: A call to model 'judge-down' at ",
    ]) {
      expect(markdown).toContain(text)
    }
  })

  test('the HTML report: reasoning, the stop reason, tool calls with results, seeded messages', () => {
    const html = readFileSync(join(dir, 'reports/scenarios.html'), 'utf8')
    for (const text of [
      '<div class="reasoning">Turn 0, assistant: &quot;Not my problem.&quot; It does not apologize.</div>',
      '<dt>Stopped</dt><dd>budget <span class="tag">the token or cost budget was spent</span></dd>',
      '<span class="mono">lookUpOrder({&quot;id&quot;:&quot;1042&quot;})</span> → {&quot;status&quot;:&quot;delayed&quot;',
      '<span class="tag">seeded user</span> I returned order 1042 last week.',
      '<dt>Conversation</dt><dd>3 simulated-user turns (goal reached on #2) · tools lookUpOrder</dd>',
      '<span class="warn">⚠</span> polite<div class="error-box">Not evaluated, server_error error:',
    ]) {
      expect(html).toContain(text)
    }
  })

  test('a replay in CI with no server: the same results, no request, recordings unchanged', async () => {
    const before = recordings()
    const requests = server.requests.length
    const replayed = await runVitestAsync(
      dir,
      [],
      {
        CI: 'true',
        VITEST_SCENARIO_RECORD: undefined,
        SCENARIO_BASE_URL: undefined,
        OPENAI_API_KEY: undefined,
        GITHUB_STEP_SUMMARY: '',
      },
      { configReporters: true },
    )
    const output = replayed.output
    expect(server.requests.length).toBe(requests)
    expect(recordings()).toEqual(before)
    expect(facts(output)).toEqual(recordedFacts)
    expect(output).toMatch(/Tests\s+4 failed \| 3 passed \(7\)/)
    // Replayed: the tokens are the recorded ones, none spent now.
    expect(output).toContain(
      '     tokens 594 (114 simulated user) recorded, 0 spent now · calls 8 replayed, 0 recorded',
    )
    // The same verdicts from the recorded judge replies.
    expect(failureOf(output, 'an unmet criterion shows its reasoning')).toContain(
      'Turn 0, assistant: "Not my problem." It does not apologize.',
    )
    expect(failureOf(output, 'toSatisfyJudge fails with the reasoning')).toContain(
      'No voucher is offered.',
    )
    // A replayed judge over a scripted transcript is recorded usage, not usage spent now.
    expect(output).toContain(
      [
        '       ✗ The agent apologizes for the delay: Turn 0, assistant: "Not my problem." It does not apologize.',
        '     tokens 240 recorded, 0 spent now · calls 1 replayed, 0 recorded',
      ].join('\n'),
    )
    expect(output).toContain(
      ' Scenarios  3 passed | 4 failed (7) · 13 turns · tokens 1,434 (114 simulated user) recorded, 0 spent now · calls 18 replayed, 0 recorded, 1 missed',
    )
    // The judge call that failed was never recorded: in CI it is a recording miss, an error with
    // its category, still not a verdict.
    const miss = failuresOf(output, 'a judge that cannot be reached is an error, not a verdict')
    expect(miss).toContain(
      'RecordingMissingError: [vitest-scenario] No recording for model call #1 of this test',
    )
    expect(miss).toContain(
      "could not be evaluated: 'polite' (recording). This is an error, not a verdict",
    )
    expect(miss).toContain('✗ polite — could not be evaluated, recording error:')
    expect(miss).not.toContain('The outcome criterion failed')
  })
})
