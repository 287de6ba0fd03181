import { afterEach, describe, expect, test, vi } from 'vitest'
import { scenarioMeta } from '../../src/hosts/core/meta/scenario-meta.js'
import { statusIs } from '../../src/outcomes/index.js'
import { markdownText } from '../../src/reporter/markdown.js'
import { mermaidText } from '../../src/reporter/mermaid.js'
import { runScenario } from '../../src/runner/index.js'
import { END, Scenario } from '../../src/scenario/index.js'
import { scriptedModel } from '../../src/scripted-model/index.js'
import { moduleOf, runReporter, testCase } from './support/report-harness.js'

// The promise: text drawn from task meta (names, node ids, conditions, answers, error messages)
// never acts on the terminal, the Markdown or the HTML it is shown in. In the terminal, control
// characters are shown as visible escapes (`\x1b`), and only the reporter's own colours are real;
// in the Markdown and HTML reports they are dropped, and every field is escaped.
const ESCAPES = [
  '\u001b]0;pwned\u0007', // retitles the window
  '\u001b[2J', // clears the screen
  '\u001b]8;;http://evil.test\u0007link\u001b]8;;\u0007', // an OSC-8 hyperlink
  '\u001b[41m', // a colour the reporter never uses
  'nul\u0000',
  'cr\roverwrite',
  'bidi\u202eevil',
].join(' ')
// Any control character but tab and newline, DEL, C1, bidi overrides and isolates.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the test
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/
// The colours the reporter writes itself (green, red, yellow, dim, bold and their resets).
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character starts them
const OWN_COLOURS = /\u001b\[(?:32|31|33|2|1|39|22)m/g

afterEach(() => {
  vi.unstubAllEnvs()
})

/** A scenario whose every text carries escapes, and a run that ends in an error carrying more. */
async function hostileMeta() {
  const definition = new Scenario(`name ${ESCAPES}`, { description: `about ${ESCAPES}` })
    .addNode(`ask ${ESCAPES}`, { question: `question ${ESCAPES}` })
    .addNode('next', { question: 'Next?' })
    .addEdge(`ask ${ESCAPES}`, 'next', { when: { 'parsed.x': ESCAPES } })
    .addEdge(`ask ${ESCAPES}`, 'next')
    .addEdge('next', END)
    .setEntry(`ask ${ESCAPES}`)
    .addOutcome(`outcome ${ESCAPES}`, statusIs('completed'))
    .validate()
  const result = await runScenario(definition, {
    model: scriptedModel([
      {
        content: `answer ${ESCAPES}`,
        toolCalls: [{ id: '1', name: `tool ${ESCAPES}`, arguments: {} }],
      },
      new Error(`error ${ESCAPES}`),
    ]),
  })
  return scenarioMeta(definition, [result])
}

describe('terminal', () => {
  test('control characters in names, node ids, outcomes and errors are shown, never executed', async () => {
    const output = runReporter(
      'escapes-terminal',
      [
        moduleOf(
          testCase(
            `test ${ESCAPES}`,
            { scenario: await hostileMeta() },
            {
              state: 'failed',
              file: `dir/${ESCAPES}.test.ts`,
            },
          ),
        ),
      ],
      { colors: true },
    )
    const text = output.terminal
    // The reporter's own colours are there, and nothing else acts on the terminal.
    expect(text).toContain('\u001b[31m×\u001b[39m')
    expect(CONTROL.test(text.replace(OWN_COLOURS, ''))).toBe(false)
    // What was sent is readable as text.
    expect(text).toContain('test \\x1b]0;pwned\\x07 \\x1b[2J')
    expect(text).toContain('error \\x1b]0;pwned\\x07')
    expect(text).toContain('outcome \\x1b]0;pwned\\x07')
    expect(text).toContain('cr\\roverwrite')
    expect(text).toContain('bidi\\u202eevil')
  })

  test('so are they in the warnings the reporter prints', () => {
    const output = runReporter('escapes-warnings', [
      moduleOf(testCase(`bad ${ESCAPES}`, { scenario: { version: 1 } }, { file: ESCAPES })),
    ])
    expect(output.warnings).toHaveLength(1)
    expect(CONTROL.test(output.warnings.join('\n'))).toBe(false)
    expect(output.warnings[0]).toContain('bad \\x1b]0;pwned\\x07')
  })
})

describe('Markdown and HTML reports', () => {
  test('hold no control characters: they are dropped', async () => {
    const output = runReporter('escapes-files', [
      moduleOf(
        testCase(
          `test ${ESCAPES}`,
          { scenario: await hostileMeta() },
          {
            state: 'failed',
            file: `dir/${ESCAPES}.test.ts`,
            errors: [`failure ${ESCAPES}`],
          },
        ),
      ),
    ])
    for (const [name, text] of [
      ['Markdown', output.markdown],
      ['HTML', output.html],
      ['step summary', output.stepSummary],
    ] as const) {
      expect(text, name).toBeDefined()
      expect(CONTROL.test(text ?? ''), `a control character in the ${name}`).toBe(false)
    }
    expect(output.html).toContain('answer ]0;pwned ')
    expect(output.markdown).toContain('error \\]0;pwned')
  })

  test('Markdown cells stay cells: pipes, backticks, line breaks, markup and math are escaped', () => {
    expect(markdownText('a | b `c`\nd <e> $x$ \\ [l](u) \u0000')).toBe(
      'a \\| b \\`c\\` d &lt;e&gt; \\$x\\$ \\\\ \\[l\\](u)',
    )
    expect(mermaidText('a\u001b[2J"b"\nc')).toBe('a#91;2J#34;b#34; c')
  })

  test('every field drawn from task meta is escaped, in the overview, the sections and the runs', async () => {
    const payload = '<img src=x onerror=alert(1)> | `x` \n# h'
    const definition = new Scenario(payload)
      .addNode(payload, { question: payload })
      .addEdge(payload, END)
      .setEntry(payload)
      .addOutcome(payload, statusIs('completed'))
      .validate()
    const meta = scenarioMeta(definition, [
      await runScenario(definition, { model: scriptedModel([new Error(payload)]) }),
    ])
    const output = runReporter('escapes-fields', [
      moduleOf(
        testCase(
          payload,
          { scenario: meta, recording: { mode: payload, file: payload } },
          {
            state: 'failed',
            file: `${payload}.test.ts`,
            errors: [payload],
          },
        ),
      ),
    ])
    expect(output.html).not.toMatch(/<img/)
    // Markup shows as text; inside a code span (the file name) Markdown never reads it.
    expect(output.markdown?.replace(/`[^`\n]*`/g, '')).not.toMatch(/<img/)
    // Every table row has the cells of its header: no text split a cell or a row.
    const lines = output.markdown?.split('\n') ?? []
    const cells = (line: string) => line.split(/(?<!\\)\|/).length
    const overview = lines.filter((l) => l.startsWith('| ❌'))
    expect(overview.map(cells)).toEqual([10])
    const runs = lines.filter((l) => /^\| 0 \|/.test(l))
    expect(runs.map(cells)).toEqual([10])
    // The file name in the facts line stays one code span on one line.
    expect(lines.find((l) => l.startsWith('`<img'))).toMatch(/^`[^`\n]*\.test\.ts`/)
  })

  test('a status that is not one of the statuses is never written into the HTML (the badge class)', async () => {
    const meta = await hostileMeta()
    const run = meta.runs[0]
    if (run === undefined) throw new Error('no run')
    ;(run as { status: string }).status = '"><img src=x onerror=alert(1)>'
    const output = runReporter('escapes-status', [
      moduleOf(testCase('hostile status', { scenario: meta })),
    ])
    expect(output.html).not.toMatch(/<img/)
    expect(output.warnings.join('\n')).toMatch(
      /'hostile status': runs\.0\.status: a string of 30 characters, not one of completed, limit_reached, error/,
    )
  })
})
