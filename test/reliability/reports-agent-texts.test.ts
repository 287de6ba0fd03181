// What agent tests add to the reports (judge reasoning, reasons, outcome errors, seeded
// messages, tool calls) is text from a model or a test: escaped like every other, and masked.
import { afterEach, describe, expect, test, vi } from 'vitest'
import { metaText } from '../../src/hosts/core/meta/meta-text.js'
import { scenarioMeta } from '../../src/hosts/core/meta/scenario-meta.js'
import { agentRun, support } from '../reporter/agent-results.js'
import { everything, moduleOf, runReporter, testCase } from './support/report-harness.js'

const ESCAPES = '\u001b]0;pwned\u0007 \u001b[2J nul\u0000 bidi\u202eevil'
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the test
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/
const MARKUP = '<img src=x onerror=alert(1)> | `code` **bold** [l](u) #'

afterEach(() => {
  vi.unstubAllEnvs()
})

/** The agent run with hostile text wherever agent tests add text. */
function hostileRun() {
  const result = agentRun()
  const hostile = `${MARKUP} ${ESCAPES}`
  const criterion = result.judgements.resolved?.criteria[1]
  if (criterion !== undefined) criterion.reasoning = `reasoning ${hostile}\nsecond line`
  result.outcomeReasons = { refunded: `reason ${hostile}` }
  result.outcomeErrors = { polite: { category: 'connection', message: `error ${hostile}` } }
  result.seed = [{ role: 'user', content: `seeded ${hostile}` }]
  const call = result.history[1]?.toolCalls[0]
  if (call !== undefined) call.result = `result ${hostile}`
  return result
}

describe('agent-test texts in the reports', () => {
  test('are shown as text in the terminal, never acting on it', () => {
    const output = runReporter(
      'agent-texts-terminal',
      [moduleOf(testCase('agent', { scenario: scenarioMeta(support(), [hostileRun()]) }))],
      { colors: false },
    )
    expect(CONTROL.test(output.terminal)).toBe(false)
    expect(output.terminal).toContain('reasoning <img src=x onerror=alert(1)>')
    expect(output.terminal).toContain('\\x1b]0;pwned\\x07')
    expect(output.terminal).toContain('⚠ polite not evaluated, connection error: error <img')
  })

  test('are escaped in Markdown and HTML, with control characters dropped', () => {
    const output = runReporter('agent-texts-files', [
      moduleOf(testCase('agent', { scenario: scenarioMeta(support(), [hostileRun()]) })),
    ])
    for (const text of [output.markdown, output.html]) {
      expect(text).toBeDefined()
      expect(CONTROL.test(text ?? '')).toBe(false)
      expect(text).not.toMatch(/<img/)
    }
    expect(output.html).toContain('reasoning &lt;img src=x onerror=alert(1)&gt;')
    expect(output.html).toContain('seeded &lt;img')
    expect(output.html).toContain('result &lt;img')
    expect(output.markdown).toContain(
      '  - ✗ resolves the issue: reasoning &lt;img src=x onerror=alert(1)&gt; \\| \\`code\\` \\*\\*bold\\*\\* \\[l\\](u) \\#',
    )
    expect(output.markdown).toContain('- ✗ refunded: reason &lt;img')
  })

  test("a secret in a judge's reasoning, a reason, an outcome error or a seed is masked, and the redact hook sees each at its path", () => {
    const key = 'sk-canary-0123456789abcdefABCDEF'
    const result = agentRun()
    const criterion = result.judgements.resolved?.criteria[1]
    if (criterion !== undefined) criterion.reasoning = `The agent echoed ${key} to the user.`
    result.outcomeReasons = { refunded: `refund failed for ${key}` }
    result.outcomeErrors = { polite: { category: 'connection', message: `401 for ${key}` } }
    result.seed = [{ role: 'user', content: `my key is ${key}` }]
    const paths: string[] = []
    const meta = scenarioMeta(support(), [result], {
      text: metaText({
        redact: (value, path) => {
          paths.push(path)
          return value
        },
      }),
    })
    expect(paths).toEqual(
      expect.arrayContaining([
        'report.runs.0.judgements.resolved.criteria.1.reasoning',
        'report.runs.0.reasons.refunded',
        'report.runs.0.outcomeErrors.polite.message',
        'report.runs.0.seed.messages.0.text',
        'report.runs.0.turns.1.calls.0.result',
      ]),
    )
    expect(JSON.stringify(meta)).not.toContain(key)
    expect(JSON.stringify(meta)).toContain('The agent echoed [secret] to the user.')
    // A meta that was not masked (an older writer, a blob) is masked again by the reporter.
    const output = runReporter('agent-texts-secrets', [
      moduleOf(testCase('agent', { scenario: scenarioMeta(support(), [result]) })),
    ])
    expect(everything(output)).not.toContain(key)
    expect(output.html).toContain('The agent echoed [secret] to the user.')
  })
})
