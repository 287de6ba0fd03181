import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { InvalidArgumentError } from '../../src/errors/index.js'
import { metaText } from '../../src/hosts/core/meta/meta-text.js'
import { type MetaText, scenarioMeta } from '../../src/hosts/core/meta/scenario-meta.js'
import { statusIs } from '../../src/outcomes/index.js'
import { runScenario } from '../../src/runner/index.js'
import { END, Scenario } from '../../src/scenario/index.js'
import { scriptedModel } from '../../src/scripted-model/index.js'
import { rememberLiveKey } from '../../src/secrets/index.js'
import { everything, moduleOf, runReporter, testCase } from './support/report-harness.js'

// The promise: a secret that reaches a question, an answer, an error message, a tool call, a
// condition or a name is masked (`[secret]`) in task meta before it leaves the test, and again by
// the reporter before anything is printed or written: no report, no step summary, no terminal
// line holds it, whole or clipped.
const CANARY = {
  // A key the process used (a model config's apiKey), known only by its use.
  live: 'lk-8c1e4f7a2b9d6053e1a4c7f0b3d6e9a2',
  // An `sk-` key, as a 401 body echoes it.
  sk: 'sk-canary-0123456789abcdefABCDEF',
  // The value of a secret-named environment variable.
  env: 'pw-canary-5b8e1d4a7c0f3b6e',
  bearer: 'Bearer cnry0bearer1token2abcdefghijklmnop',
  jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJjYW5hcnkxMjM0In0.c2lnbmF0dXJlY2FuYXJ5MTIz',
}
// A clipped copy leaks as well as a whole one: the first and last 12 characters count as found.
const needles = Object.values(CANARY).flatMap((canary) => {
  const secret = canary.replace(/^Bearer /, '')
  return [canary, secret.slice(0, 12), secret.slice(-12)]
})

function expectNoCanary(text: string, where: string): void {
  for (const needle of needles) expect(text.includes(needle), `${needle} in ${where}`).toBe(false)
}

beforeEach(() => {
  vi.stubEnv('CANARY_DB_PASSWORD', CANARY.env)
  rememberLiveKey(CANARY.live)
})

afterEach(() => {
  vi.unstubAllEnvs()
})

/** A scenario that meets every canary: in its texts, its condition, its answers, its error. */
function leakyScenario() {
  return new Scenario(`leaks ${CANARY.env}`, { description: `Uses ${CANARY.sk} on purpose.` })
    .addNode('ask', { question: `Log in with ${CANARY.bearer}` })
    .addNode('tool', { question: 'Now call the tool.' })
    .addNode('fail', { question: `Try again with ${CANARY.jwt}` })
    .addEdge('ask', 'tool', { when: { 'parsed.token': CANARY.jwt } })
    .addEdge('ask', 'tool')
    .addEdge('tool', 'fail')
    .addEdge('fail', END)
    .setEntry('ask')
    .addOutcome('completed', statusIs('completed'), {
      description: `compared with ${CANARY.env}`,
    })
    .validate()
}

async function leakyMeta(text?: MetaText) {
  const definition = leakyScenario()
  const result = await runScenario(definition, {
    model: scriptedModel([
      `Your key is ${CANARY.live}, and the header was ${CANARY.bearer} today.`,
      {
        content: `Token ${CANARY.jwt}`,
        toolCalls: [{ id: 'c1', name: `fetch:${CANARY.env}`, arguments: { key: CANARY.sk } }],
      },
      // An app that passes a server's 401 body on, as many do.
      new Error(`401 {"error":{"message":"Incorrect API key provided: ${CANARY.sk}."}}`),
    ]),
  })
  return scenarioMeta(definition, [result], text === undefined ? {} : { text })
}

describe('task meta (built in the worker)', () => {
  test('holds no canary: every string drawn from the test, the model or a server is masked', async () => {
    const meta = await leakyMeta(metaText({}))
    const json = JSON.stringify(meta)
    expectNoCanary(json, 'task meta')
    expect(json).toContain('[secret]')
    // What was around the secrets is still there to read.
    expect(meta.runs[0]?.error?.message).toBe(
      '401 {"error":{"message":"Incorrect API key provided: [secret]."}}',
    )
    expect(meta.runs[0]?.turns[0]?.answer).toBe(
      'Your key is [secret], and the header was [secret] today.',
    )
    expect(meta.runs[0]?.turns[1]?.tools).toEqual(['fetch:[secret]'])
    expect(meta.graph.edges[0]?.label).toBe("parsed.token = '[secret]'")
  })

  test('a secret at the clip limit is masked whole, never cut to a prefix that is no longer recognised', () => {
    const definition = new Scenario('clip')
      .addNode('ask', { question: 'Key?' })
      .addEdge('ask', END)
      .setEntry('ask')
      .validate()
    return runScenario(definition, {
      model: scriptedModel([`${'word '.repeat(37)}${CANARY.sk} and more text`]),
    }).then((result) => {
      const meta = scenarioMeta(definition, [result], { text: metaText({}) })
      const answer = meta.runs[0]?.turns[0]?.answer ?? ''
      expect(answer.length).toBeLessThanOrEqual(200)
      expect(answer).toContain('[secret]')
      expectNoCanary(answer, 'the clipped answer')
    })
  })

  test("the test's redact hook sees each string at its report path; what it returns is kept, then masked", async () => {
    const paths: string[] = []
    const meta = await leakyMeta(
      metaText({
        redact: (value, path) => {
          paths.push(path)
          return value.replace(/Your key is/g, 'Your <redacted> is')
        },
      }),
    )
    expect(meta.runs[0]?.turns[0]?.answer).toBe(
      'Your <redacted> is [secret], and the header was [secret] today.',
    )
    expect(paths).toEqual(
      expect.arrayContaining([
        'report.name',
        'report.description',
        'report.graph.nodes.0',
        'report.graph.edges.0.label',
        'report.criteria.0.description',
        'report.runs.0.error.message',
        'report.runs.0.turns.0.question',
        'report.runs.0.turns.0.answer',
        'report.runs.0.turns.1.tools.0',
      ]),
    )
  })

  test('a redact hook that throws or returns no string fails the test, naming the path, never the value', async () => {
    const throwing = metaText({
      redact: (value) => {
        throw new Error(`cannot redact ${value}`)
      },
    })
    const error = await leakyMeta(throwing).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidArgumentError)
    expect((error as Error).message).toMatch(
      /^\[vitest-scenario\] The recordings\.redact hook threw on the report text at 'report\.name': cannot redact leaks \[secret\]/,
    )
    expectNoCanary((error as Error).message, 'the error')
    const silent = metaText({ redact: () => undefined as unknown as string })
    await expect(leakyMeta(silent)).rejects.toThrow(
      /returned undefined, not a string, for the report text at 'report\.name'/,
    )
  })
})

describe('reports (the reporter, in the main process)', () => {
  test('no canary in the terminal text, the Markdown and HTML reports or the step summary', async () => {
    const meta = await leakyMeta(metaText({}))
    const output = runReporter('secrets', [
      moduleOf(
        testCase(
          `logs in with ${CANARY.bearer}`,
          { scenario: meta },
          {
            state: 'failed',
            errors: [`expected completed, got error: Incorrect API key provided: ${CANARY.sk}`],
          },
        ),
      ),
    ])
    expect(output.terminal).toContain('logs in with [secret]')
    expect(output.markdown).toContain('Incorrect API key provided: \\[secret\\]')
    expect(output.html).toContain('Your key is [secret]')
    expect(output.stepSummary).toContain('# Scenario report')
    expectNoCanary(everything(output), 'the reporter output')
  })

  test('masks again what an older writer, a blob or a test name let through', async () => {
    // Meta written without masking, as a version before it did, or a blob from one.
    const raw = await leakyMeta()
    // (A secret such a writer clipped in half, as it did edge labels, cannot be recognised: the
    // label here is one it wrote whole.)
    const edge = raw.graph.edges[0]
    if (edge !== undefined) edge.label = `parsed.token = ${CANARY.jwt}`
    expect(JSON.stringify(raw)).toContain(CANARY.sk)
    const output = runReporter('secrets-unmasked-meta', [
      moduleOf(
        testCase(
          `uses ${CANARY.jwt}`,
          { scenario: raw },
          {
            state: 'failed',
            errors: [`401: ${CANARY.env}`],
          },
        ),
      ),
    ])
    expectNoCanary(everything(output), 'the reporter output')
    expect(output.html).toContain('[secret]')
  })
})
