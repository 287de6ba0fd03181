// A judge asked several times (`judge(criteria, { votes: 3 })`): the meta keeps each vote's
// verdict, and the terminal, Markdown and HTML reports show the tally where the votes split.
import { describe, expect, test } from 'vitest'
import { readScenarioMeta } from '../../src/hosts/core/meta/read-meta.js'
import { scenarioMeta } from '../../src/hosts/core/meta/scenario-meta.js'
import { splitVoteNote, voteTallyText } from '../../src/outcomes/vote-tally.js'
import { htmlReport } from '../../src/reporter/html.js'
import { markdownReport } from '../../src/reporter/markdown.js'
import { runSummary } from '../../src/reporter/run-summary.js'
import { colors, terminalReport } from '../../src/reporter/terminal.js'
import type { CriterionVerdict, CriterionVote } from '../../src/state/types.js'
import { agentRun, support } from './agent-results.js'
import { entry } from './sample-results.js'

const votes = (...verdicts: CriterionVerdict[]): CriterionVote[] =>
  verdicts.map((verdict, i) => ({ verdict, reasoning: `vote ${i + 1}` }))

/** An agent run whose judge voted three times on each criterion. */
function votedRun() {
  const result = agentRun()
  result.judgements = {
    resolved: {
      verdict: 'fail',
      criteria: [
        {
          criterion: 'greets the user',
          verdict: 'met',
          reasoning: 'It says hello.',
          votes: votes('met', 'met', 'met'),
        },
        {
          criterion: 'answers politely',
          verdict: 'met',
          reasoning: 'Polite.',
          votes: votes('met', 'unmet', 'met'),
        },
        {
          criterion: 'resolves the issue',
          verdict: 'unmet',
          reasoning: 'The refund failed.',
          votes: votes('unmet', 'met', 'unmet'),
        },
        {
          criterion: 'offers a voucher',
          verdict: 'inconclusive',
          reasoning: 'No majority of 3 votes (met 1, unmet 1, inconclusive 1). Not discussed.',
          votes: votes('met', 'unmet', 'inconclusive'),
        },
      ],
    },
  }
  return result
}

const votedEntry = () => entry('support agent', scenarioMeta(support(), [votedRun()]))

describe('the tally of a judge’s votes', () => {
  test('N of k votes for a majority, the counts for none; nothing for one vote or agreeing votes', () => {
    expect(voteTallyText('met', ['met', 'unmet', 'met'])).toBe('2 of 3 votes')
    expect(voteTallyText('met', ['met', 'met', 'met'])).toBe('3 of 3 votes')
    expect(voteTallyText('inconclusive', ['met', 'unmet', 'inconclusive'])).toBe(
      'no majority: met 1, unmet 1, inconclusive 1',
    )
    expect(voteTallyText('met', ['met'])).toBeUndefined()
    expect(splitVoteNote('unmet', ['unmet', 'met', 'unmet'])).toBe('unmet (2 of 3 votes)')
    expect(splitVoteNote('met', ['met', 'met', 'met'])).toBeUndefined()
    expect(splitVoteNote('met', undefined)).toBeUndefined()
  })
})

describe('reports of a judge with votes', () => {
  test('the meta keeps each vote’s verdict (not its reasoning), and the reader reads it back', () => {
    const meta = scenarioMeta(support(), [votedRun()])
    expect(meta.runs[0]?.judgements?.resolved?.criteria).toEqual([
      {
        criterion: 'greets the user',
        verdict: 'met',
        reasoning: 'It says hello.',
        votes: ['met', 'met', 'met'],
      },
      {
        criterion: 'answers politely',
        verdict: 'met',
        reasoning: 'Polite.',
        votes: ['met', 'unmet', 'met'],
      },
      {
        criterion: 'resolves the issue',
        verdict: 'unmet',
        reasoning: 'The refund failed.',
        votes: ['unmet', 'met', 'unmet'],
      },
      {
        criterion: 'offers a voucher',
        verdict: 'inconclusive',
        reasoning: 'No majority of 3 votes (met 1, unmet 1, inconclusive 1). Not discussed.',
        votes: ['met', 'unmet', 'inconclusive'],
      },
    ])
    const json = JSON.parse(JSON.stringify(meta))
    expect(readScenarioMeta(json)).toEqual({ ok: true, meta })
    json.runs[0].judgements.resolved.criteria[1].votes[1] = 'maybe'
    expect(readScenarioMeta(json)).toEqual({
      ok: false,
      problem:
        'runs.0.judgements.resolved.criteria.1.votes.1: a string of 5 characters, not one of met, unmet, inconclusive',
    })
  })

  test('terminal: a split met criterion gets a line, the others show their tally', () => {
    const entries = [votedEntry()]
    const text = terminalReport(entries, runSummary(entries), colors(false))
    const start = text.indexOf('judge resolved')
    expect(text.slice(start, text.indexOf('\n', text.indexOf('offers a voucher')))).toBe(
      [
        'judge resolved fail (2 met)',
        '       ✓ answers politely — met (2 of 3 votes)',
        '       ✗ resolves the issue — unmet (2 of 3 votes): The refund failed.',
        '       ? offers a voucher — inconclusive (no majority: met 1, unmet 1, inconclusive 1): No majority of 3 votes (met 1, unmet 1, inconclusive 1). Not discussed.',
      ].join('\n'),
    )
    expect(text).not.toContain('greets the user')
  })

  test('Markdown: the tally after each criterion whose votes split', () => {
    const entries = [votedEntry()]
    const text = markdownReport(entries, runSummary(entries))
    const start = text.indexOf('- judge resolved')
    expect(text.slice(start, text.indexOf('\n', text.indexOf('  - ? offers')))).toBe(
      [
        '- judge resolved: **fail** · met: greets the user; answers politely (2 of 3 votes)',
        '  - ✗ resolves the issue — unmet (2 of 3 votes): The refund failed.',
        '  - ? offers a voucher — inconclusive (no majority: met 1, unmet 1, inconclusive 1): No majority of 3 votes (met 1, unmet 1, inconclusive 1). Not discussed.',
      ].join('\n'),
    )
  })

  test('HTML: the tally beside each criterion whose votes split', () => {
    const entries = [votedEntry()]
    const html = htmlReport(entries, runSummary(entries))
    const start = html.indexOf('<ul class="criteria">')
    const criteria = html.slice(start, html.indexOf('</ul>', start))
    expect(criteria.replaceAll('<li', '\n<li')).toBe(
      [
        '<ul class="criteria">',
        '<li data-verdict="met"><span class="ok">✓</span> greets the user</li>',
        '<li data-verdict="met"><span class="ok">✓</span> answers politely <span class="votes">met (2 of 3 votes)</span></li>',
        '<li data-verdict="unmet"><span class="bad">✗</span> resolves the issue <span class="votes">unmet (2 of 3 votes)</span><div class="reasoning">The refund failed.</div></li>',
        '<li data-verdict="inconclusive"><span class="warn">?</span> offers a voucher <span class="votes">inconclusive (no majority: met 1, unmet 1, inconclusive 1)</span><div class="reasoning">No majority of 3 votes (met 1, unmet 1, inconclusive 1). Not discussed.</div></li>',
      ].join('\n'),
    )
  })
})
