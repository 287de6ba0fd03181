import { createHash } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { htmlReport, OPEN_ALL_UP_TO } from '../../src/reporter/html.js'
import { escapeHtml } from '../../src/reporter/html-escape.js'
import { runSummary } from '../../src/reporter/run-summary.js'
import type { ScenarioEntry } from '../../src/reporter/scenario-entry.js'
import { sampleEntries } from './sample-results.js'

async function report() {
  const entries = await sampleEntries()
  return { entries, html: htmlReport(entries, runSummary(entries)) }
}

/** The page's scripts: their sources. */
function scripts(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '')
}

/** `count` entries made of the sample ones, spread over files of 10, each with its own name. */
async function manyEntries(count: number): Promise<ScenarioEntry[]> {
  const samples = await sampleEntries()
  return Array.from({ length: count }, (_, i) => {
    const sample = samples[i % samples.length] as ScenarioEntry
    return { ...sample, test: `case ${i}`, file: `test/batch-${Math.floor(i / 10)}.test.ts` }
  })
}

describe('htmlReport', () => {
  test('user text stays text: no markup from names, ids, questions or answers gets through', async () => {
    const { html } = await report()
    // The page's own script aside (checked below), no markup from the run is left.
    const [own = ''] = scripts(html)
    expect(html.replace(`<script>${own}</script>`, '')).not.toMatch(/<script|<b>ask|<img/i)
    expect(html).toContain('&lt;script&gt;alert(&quot;test&quot;)&lt;/script&gt;')
    expect(html).toContain(
      'Say &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quote&quot; | pipe',
    )
    expect(html).toContain('&lt;script&gt;alert(&quot;answer&quot;)&lt;/script&gt;')
    expect(html).toContain('data-node="&lt;b&gt;ask&lt;/b&gt;"')
    expect(html).toContain('data-node="end&quot;]; click"')
    expect(escapeHtml(`<a href='x'>&`)).toBe('&lt;a href=&#39;x&#39;&gt;&amp;')
  })

  test('is self-contained: one script, allowed by its hash; no external resource, and a policy that forbids fetching', async () => {
    const { html } = await report()
    expect(html).toMatch(/^<!doctype html>/)
    // One inline script (it opens the scenarios), and the policy allows exactly that one.
    const found = scripts(html)
    expect(found).toHaveLength(1)
    const hash = createHash('sha256')
      .update(found[0] ?? '', 'utf8')
      .digest('base64')
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'sha256-${hash}'">`,
    )
    expect(html).not.toMatch(/<script\s/)
    expect(html).not.toMatch(/\s(src|href)="(?!#)/)
    expect(html).not.toMatch(/@import|url\((?!#)/)
    expect(html.match(/https?:\/\/[^\s"']+/g) ?? []).toEqual([])
  })

  test('draws every graph once, and per scenario the path taken on top, with counts', async () => {
    const { entries, html } = await report()
    const svgs = html.match(/<svg class="graph"[^>]*>/g) ?? []
    expect(svgs).toHaveLength(entries.length)
    // Three scenarios share the pushback graph: three distinct graphs, each drawn once.
    const drawings = html.match(/<g id="g\d+" class="drawing"[^>]*>/g) ?? []
    expect(drawings).toEqual([
      '<g id="g0" class="drawing" data-nodes="4" data-edges="4">',
      '<g id="g1" class="drawing" data-nodes="4" data-edges="5">',
      '<g id="g2" class="drawing" data-nodes="3" data-edges="3">',
    ])
    // The retry loop's drawing: every node and edge, the loop edge a back edge.
    const drawing = html.slice(html.indexOf('<g id="g1" class="drawing"'))
    expect(drawing).toContain('<g id="g1-n2" class="node" data-node="give-up">')
    expect(drawing).toContain(
      '<g id="g1-e3" class="edge back" data-edge="3" data-from="hint" data-to="ask">',
    )
    // Its scenario: ask visited twice, hint once, give-up never; the loop edge taken once.
    const loop = html.slice(html.indexOf('id="s1"'), html.indexOf('id="s2"'))
    expect(loop).toContain('data-graph="g1" data-nodes="4" data-edges="5"><use href="#g1"/>')
    expect(loop).toContain(
      '<use href="#g1-n0" class="node on-path entry" data-node="ask" data-visits="2"/>',
    )
    expect(loop).toContain(
      '<use href="#g1-n1" class="node on-path" data-node="hint" data-visits="1"/>',
    )
    expect(loop).not.toContain('data-node="give-up"')
    expect(loop).toContain(
      '<use href="#g1-n3" class="node on-path end" data-node="__end__" data-visits="1"/>',
    )
    expect(loop).toContain('<use href="#g1-e3" class="edge on-path back" data-taken="1"/>')
    expect(loop).not.toContain('href="#g1-e1"')
    expect(loop).toContain('<g class="visits"><title>visited 2×</title>')
    // The crashed run marks the node it failed at.
    const crash = html.slice(html.indexOf('id="s2"'), html.indexOf('id="s3"'))
    expect(crash).toContain(
      '<use href="#g0-n1" class="node on-path failed" data-node="challenge" data-visits="1"/>',
    )
    expect(crash).toContain('agent error at challenge (answer): agent crashed: ECONNRESET')
    // The sampled pushback took ask → challenge three times: a count on that edge.
    const samples = html.slice(html.indexOf('id="s3"'), html.indexOf('id="s4"'))
    expect(samples).toContain('<use href="#g0-e0" class="edge on-path" data-taken="3"/>')
    expect(samples).toContain('<g class="count"><title>taken 3×</title>')
  })

  test('one line per scenario, grouped by file, failed ones listed first; details inert until opened', async () => {
    const { entries, html } = await report()
    const failures = html.slice(
      html.indexOf('<section class="failures">'),
      html.indexOf('</section>'),
    )
    expect(failures).toContain('<h2>Failed <span class="count">2</span></h2>')
    expect(failures.match(/<a href="#s\d+">/g)).toEqual(['<a href="#s2">', '<a href="#s3">'])
    expect(html.indexOf('<section class="failures">')).toBeLessThan(
      html.indexOf('<details class="file"'),
    )
    // One file: one group, counting its scenarios.
    expect(html.match(/<details class="file"/g)).toHaveLength(1)
    expect(html).toContain(
      '<summary><h2 class="mono">test/scenarios.test.ts</h2><span class="counts"><span class="ok">3 passed</span>, <span class="bad">2 failed</span></span></summary>',
    )
    // Each scenario: a line (a link to itself) that opens on its details, held in a <noscript>
    // (in a <details> of their own for a reader without scripts); a small report opens them all.
    const lines = html.match(/<div class="scenario [^>]*>/g) ?? []
    expect(lines).toHaveLength(entries.length)
    expect(lines.every((line) => /^<div class="scenario \w+ open"/.test(line))).toBe(true)
    expect(html).toContain(
      '<div class="scenario failed open" id="s2" data-scenario="keeps BCL2 under pushback" data-state="failed"><a class="row" href="#s2"><span class="badge failed">failed</span><h3>agent crashes</h3><span>error</span><span class="num">2</span>',
    )
    expect(
      html.match(
        /<noscript><details class="more" open><summary>Details<\/summary><div class="details">/g,
      ),
    ).toHaveLength(entries.length)
    expect(html.match(/<noscript data-drawing="g\d+">/g)).toHaveLength(3)
  })

  test(`past ${OPEN_ALL_UP_TO} scenarios, every line starts closed and each file is a group`, async () => {
    const entries = await manyEntries(OPEN_ALL_UP_TO + 10)
    const html = htmlReport(entries, runSummary(entries))
    const lines = html.match(/<div class="scenario [^>]*>/g) ?? []
    expect(lines).toHaveLength(OPEN_ALL_UP_TO + 10)
    expect(lines.some((line) => line.includes(' open"'))).toBe(false)
    expect(html).not.toContain('<details class="more" open>')
    expect(html.match(/<details class="file" id="f\d+" open>/g)).toHaveLength(6)
    const failed = entries.filter((entry) => entry.state === 'failed').length
    expect(html.match(/<li><a href="#s\d+">/g)).toHaveLength(failed)
    // Still three graphs, each drawn once.
    expect(html.match(/<g id="g\d+" class="drawing"/g)).toHaveLength(3)
  })

  test('shows status, outcomes, usage split, calls, pass rates and transcripts', async () => {
    const { html } = await report()
    const kept = html.slice(html.indexOf('id="s0"'), html.indexOf('id="s1"'))
    expect(kept).toContain(
      '<dt>Tokens recorded</dt><dd>300 <span class="tag">240 in / 60 out</span></dd>',
    )
    expect(kept).toContain(
      '<dt>Calls</dt><dd>2 replayed, 0 recorded <span class="tag">replay</span></dd>',
    )
    expect(kept).toContain('<li data-outcome="kept"><span class="ok">✓</span> kept')
    expect(kept).toContain('<td>ask</td><td>Which drug inhibits BCL-2?</td><td>Venetoclax.</td>')
    expect(kept).toContain('<span class="tag">replayed</span>')
    const samples = html.slice(html.indexOf('id="s3"'), html.indexOf('id="s4"'))
    expect(samples).toContain(
      '<dt>Pass rate</dt><dd><b>75%</b> <span class="tag">95% CI 30%–95%</span></dd>',
    )
    // The failing sample's transcript is open, the others closed.
    expect(samples.match(/<details class="transcript" open>/g)).toHaveLength(1)
    expect(samples).toContain('<summary>Sample 1: completed, 2 turns (failed)</summary>')
  })

  test('says so when no scenario ran', () => {
    expect(htmlReport([], runSummary([]))).toContain('<p>No scenario tests ran.</p>')
  })
})
