import { describe, expect, test } from 'vitest'
import { MAX_SECTIONS, markdownReport, markdownText } from '../../src/reporter/markdown.js'
import { mermaidGraph, mermaidText } from '../../src/reporter/mermaid.js'
import { pathHighlight } from '../../src/reporter/path-highlight.js'
import { runSummary } from '../../src/reporter/run-summary.js'
import { graphMeta } from './graph-meta.js'
import { sampleEntries } from './sample-results.js'

const ID = String.raw`(?:n\d+|n_end)`
const LABEL = String.raw`"[^"\n<>\x60|]*"`
/** The line shapes the Mermaid flowcharts are made of. */
const MERMAID_LINE = [
  /^flowchart TD$/,
  new RegExp(String.raw`^  n\d+\[${LABEL}\]$`),
  new RegExp(String.raw`^  n_end\(\[${LABEL}\]\)$`),
  new RegExp(String.raw`^  n_start\(\("start"\)\) --> ${ID}$`),
  new RegExp(String.raw`^  ${ID} -->(?:\|${LABEL}\|)? ${ID}$`),
  /^ {2}classDef \w+ [\w:#,.-]+$/,
  /^ {2}class [\w,]+ \w+$/,
  /^ {2}linkStyle [\d,]+ [\w:#,.-]+$/,
]

function mermaidBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/```mermaid\n([\s\S]*?)\n```/g)].map((m) => m[1] ?? '')
}

describe('mermaid', () => {
  test('writes generated ids and quoted, escaped labels; the path in a class and a link style', () => {
    const graph = graphMeta(
      ['ask', 'hint', 'end'],
      [
        ['ask', '__end__', 'verifyResult = true'],
        ['ask', 'hint', 'otherwise'],
        ['hint', 'ask'],
        ['end', '__end__'],
      ],
    )
    const runs = [
      {
        status: 'completed' as const,
        passed: true,
        path: ['ask', 'hint', 'ask'],
        edges: [1, 2, 0],
        turnCount: 3,
        outcomes: {},
        usage: {
          now: { input: 0, output: 0, cached: 0, turns: 3 },
          recorded: { input: 0, output: 0, cached: 0, turns: 0 },
        },
        durationMs: 1,
        turns: [],
      },
    ]
    expect(mermaidGraph(graph, pathHighlight(graph, runs))).toMatchInlineSnapshot(`
      "flowchart TD
        n0["ask ×2"]
        n1["hint"]
        n2["end"]
        n_end(["END"])
        n0 -->|"verifyResult = true"| n_end
        n0 -->|"otherwise"| n1
        n1 --> n0
        n2 --> n_end
        n_start(("start")) --> n0
        classDef onPath fill:#dbeafe,stroke:#2563eb,stroke-width:2px
        classDef failed fill:#fee2e2,stroke:#dc2626,stroke-width:2px
        classDef start fill:#f1f5f9,stroke:#94a3b8
        class n_start start
        class n0,n1,n_end onPath
        linkStyle 0,1,2 stroke:#2563eb,stroke-width:3px"
    `)
  })

  test('text that could break out of a label becomes entity codes', () => {
    expect(mermaidText('say "no" <b>#1</b> | `x` [y]')).toBe(
      'say #34;no#34; #60;b#62;#35;1#60;/b#62; #124; #96;x#96; #91;y#93;',
    )
    expect(mermaidText('two\nlines')).toBe('two lines')
  })
})

describe('markdownReport', () => {
  test('every scenario gets a Mermaid block made only of well-formed lines, hostile ids included', async () => {
    const entries = await sampleEntries()
    const markdown = markdownReport(entries, runSummary(entries))
    const blocks = mermaidBlocks(markdown)
    expect(blocks).toHaveLength(entries.length)
    for (const block of blocks) {
      for (const line of block.split('\n')) {
        expect(
          MERMAID_LINE.some((shape) => shape.test(line)),
          `not a well-formed line: ${line}`,
        ).toBe(true)
      }
    }
    // No raw markup from the hostile scenario anywhere in the file.
    expect(markdown).not.toMatch(/<script|<b>|<img/)
    expect(markdown).toContain('&lt;script&gt;alert("test")&lt;/script&gt;')
  })

  test('has a summary, an overview row per scenario, and a table of runs or samples', async () => {
    const entries = await sampleEntries()
    const markdown = markdownReport(entries, runSummary(entries))
    expect(markdown).toMatch(
      /^# Scenario report\n\n\*\*5 scenarios\*\*: 3 passed, 2 failed · 16 turns · tokens 300 recorded, 1,800 spent now · calls 2 replayed, 0 recorded/,
    )
    expect(markdown).toContain(
      '| ✅ | keeps BCL2 under pushback | test/scenarios.test.ts | completed | 2 | 300 | 0 | 2 replayed, 0 recorded |',
    )
    expect(markdown).toContain(
      '| ❌ | pushback, 4 samples | test/scenarios.test.ts | 3/4 samples passed |',
    )
    expect(markdown).toContain('pass rate **75%** (3/4; 95% CI 30%–95%)')
    expect(markdown).toContain('| 1 | completed | ask → challenge → END | 2 | ✗ kept |')
    expect(markdown).toContain('- **agent** error at challenge (answer): agent crashed: ECONNRESET')
    expect(markdown).toContain('**Test failure**\n\n- expected status completed, got error')
  })

  test('with a size limit, sections that do not fit are left out and counted', async () => {
    const entries = await sampleEntries()
    const full = markdownReport(entries, runSummary(entries))
    const limited = markdownReport(entries, runSummary(entries), full.length / 2)
    expect(limited.length).toBeLessThan(full.length / 2)
    expect(mermaidBlocks(limited).length).toBeLessThan(entries.length)
    expect(limited).toMatch(/_\d more scenarios? (is|are) in the table above only \(size limit\)/)
  })

  test(`at most ${MAX_SECTIONS} scenario sections, failed ones first, the rest counted`, async () => {
    const [passing, , crashing] = await sampleEntries()
    if (passing === undefined || crashing === undefined) throw new Error('no sample entries')
    const n = MAX_SECTIONS + 40
    // The failed ones come last in the run.
    const entries = Array.from({ length: n }, (_, i) =>
      i >= n - 3 ? { ...crashing, test: `failed ${i}` } : { ...passing, test: `passed ${i}` },
    )
    const markdown = markdownReport(entries, runSummary(entries))
    const headings = markdown.match(/^## .*$/gm) ?? []
    expect(headings).toHaveLength(MAX_SECTIONS)
    expect(headings.slice(0, 4)).toEqual([
      `## ❌ failed ${n - 3}`,
      `## ❌ failed ${n - 2}`,
      `## ❌ failed ${n - 1}`,
      '## ✅ passed 0',
    ])
    expect(mermaidBlocks(markdown)).toHaveLength(MAX_SECTIONS)
    expect(markdown).toContain(
      `_40 more scenarios are left out here, some of them from the table too (it shows at most ${MAX_SECTIONS}, failed ones first); see the HTML report._`,
    )
  })

  test('markdownText escapes what would format, link or split a table cell', () => {
    expect(markdownText('a | b *c* _d_ [e](f) `g` <h> & #')).toBe(
      'a \\| b \\*c\\* \\_d\\_ \\[e\\](f) \\`g\\` &lt;h&gt; &amp; \\#',
    )
  })
})
