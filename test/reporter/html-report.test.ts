import { describe, expect, test } from 'vitest'
import { htmlReport } from '../../src/reporter/html.js'
import { escapeHtml } from '../../src/reporter/html-escape.js'
import { runSummary } from '../../src/reporter/run-summary.js'
import { sampleEntries } from './sample-results.js'

async function report() {
  const entries = await sampleEntries()
  return { entries, html: htmlReport(entries, runSummary(entries)) }
}

describe('htmlReport', () => {
  test('user text stays text: no markup from names, ids, questions or answers gets through', async () => {
    const { html } = await report()
    expect(html).not.toMatch(/<script|<b>ask|<img/i)
    expect(html).toContain('&lt;script&gt;alert(&quot;test&quot;)&lt;/script&gt;')
    expect(html).toContain(
      'Say &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quote&quot; | pipe',
    )
    expect(html).toContain('&lt;script&gt;alert(&quot;answer&quot;)&lt;/script&gt;')
    expect(html).toContain('data-node="&lt;b&gt;ask&lt;/b&gt;"')
    expect(html).toContain('data-node="end&quot;]; click"')
    expect(escapeHtml(`<a href='x'>&`)).toBe('&lt;a href=&#39;x&#39;&gt;&amp;')
  })

  test('is self-contained: no script, no external resource, and a policy that forbids fetching', async () => {
    const { html } = await report()
    expect(html).toMatch(/^<!doctype html>/)
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    )
    expect(html).not.toMatch(/\s(src|href)="(?!#)/)
    expect(html).not.toMatch(/@import|url\((?!#)/)
    // The only URL is the SVG namespace, which is never fetched.
    expect(
      html.match(/https?:\/\/[^\s"']+/g)?.every((u) => u === 'http://www.w3.org/2000/svg'),
    ).toBe(true)
  })

  test('draws every graph with its nodes and edges, the path taken marked with counts', async () => {
    const { entries, html } = await report()
    const svgs = html.match(/<svg class="graph"[^>]*>/g) ?? []
    expect(svgs).toHaveLength(entries.length)
    // The retry loop: ask visited twice, hint once, give-up never; the loop edge is a back edge.
    const loop = html.slice(html.indexOf('id="s1"'), html.indexOf('id="s2"'))
    expect(loop).toContain('data-nodes="4" data-edges="5"')
    expect(loop).toContain('<g class="node on-path entry" data-node="ask" data-visits="2">')
    expect(loop).toContain('<g class="node on-path" data-node="hint" data-visits="1">')
    expect(loop).toContain('<g class="node" data-node="give-up" data-visits="0">')
    expect(loop).toContain('<g class="node on-path end" data-node="__end__" data-visits="1">')
    expect(loop).toContain(
      '<g class="edge on-path back" data-edge="3" data-from="hint" data-to="ask" data-taken="1">',
    )
    expect(loop).toContain(
      '<g class="edge" data-edge="1" data-from="ask" data-to="give-up" data-taken="0">',
    )
    // The crashed run marks the node it failed at.
    const crash = html.slice(html.indexOf('id="s2"'), html.indexOf('id="s3"'))
    expect(crash).toContain('<g class="node on-path failed" data-node="challenge" data-visits="1">')
    expect(crash).toContain('agent error at challenge (answer): agent crashed: ECONNRESET')
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
    expect(kept).toContain(
      '<td class="text">Which drug inhibits BCL-2?</td><td class="text">Venetoclax.</td>',
    )
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
