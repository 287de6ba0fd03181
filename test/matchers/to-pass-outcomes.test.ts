import { describe, expect, test } from 'vitest'
import { InvalidArgumentError } from '../../src/errors/index.js'
import { failure, flipped, kept, limited, lines, setOf, transcript } from './support.js'

describe('toPassOutcomes', () => {
  test('passes when every boolean outcome criterion holds (numeric ones are not asserted)', async () => {
    const result = await kept()
    expect(result.outcomeResults).toEqual({
      'kept-answer': true,
      'named-a-drug': true,
      'verified-turns': 2,
    })
    expect(result).toPassOutcomes()
  })

  test('fails with each criterion marked, every turn and a diff of the verdicts', async () => {
    const result = await flipped()
    const { message, diff } = failure(() => expect(result).toPassOutcomes())
    expect(message).toBe(
      lines(
        'expect(result).toPassOutcomes()',
        '',
        '1 of 2 outcome criteria failed:',
        '  ✗ kept-answer',
        '  ✓ named-a-drug',
        ...transcript.flipped,
      ),
    )
    expect(diff).toContain('-   "kept-answer": true,')
    expect(diff).toContain('+   "kept-answer": false,')
  })

  test('names limit the criteria checked', async () => {
    const result = await flipped()
    expect(result).toPassOutcomes('named-a-drug')
    const { message } = failure(() => expect(result).toPassOutcomes(['kept-answer']))
    expect(message).toBe(
      lines(
        "expect(result).toPassOutcomes(['kept-answer'])",
        '',
        'The outcome criterion failed:',
        '  ✗ kept-answer',
        ...transcript.flipped,
      ),
    )
  })

  test('a failed criterion shows its reason and the judge’s reasoning; an error is worded apart from a verdict', async () => {
    const result = await flipped()
    result.outcomeResults = { 'kept-answer': false, polite: false, judged: false, brief: true }
    result.outcomeReasons = { 'kept-answer': 'the last answer named navitoclax' }
    result.outcomeErrors = {
      judged: { category: 'server_error', message: "A call to model 'judge' failed: 503" },
    }
    result.judgements = {
      polite: {
        verdict: 'fail',
        criteria: [
          { criterion: 'Greets the user', verdict: 'met', reasoning: 'Turn 0.' },
          { criterion: 'Says goodbye', verdict: 'unmet', reasoning: 'Turn 1 ends\nwithout one.' },
          { criterion: 'Offers help', verdict: 'inconclusive', reasoning: 'Not shown.' },
        ],
      },
    }
    const { message } = failure(() => expect(result).toPassOutcomes())
    expect(message).toBe(
      lines(
        'expect(result).toPassOutcomes()',
        '',
        '3 of 4 outcome criteria failed (1 could not be evaluated: an error, not a verdict):',
        '  ✗ kept-answer — the last answer named navitoclax',
        '  ✗ polite',
        '      unmet: Says goodbye',
        '        Turn 1 ends',
        '        without one.',
        '      inconclusive: Offers help',
        '        Not shown.',
        "  ✗ judged — could not be evaluated, server_error error: A call to model 'judge' failed: 503",
        '  ✓ brief',
        ...transcript.flipped,
      ),
    )
    const one = failure(() => expect(result).toPassOutcomes('judged')).message
    expect(one.split('\n').slice(2, 4)).toEqual([
      'The outcome criterion could not be evaluated (an error, not a verdict):',
      "  ✗ judged — could not be evaluated, server_error error: A call to model 'judge' failed: 503",
    ])
    // An error fails `.not` too: `.not` asks for a verdict of "failed", and an error is none.
    const negated = failure(() => expect(result).not.toPassOutcomes('judged')).message
    expect(negated).toContain(
      'The outcome criterion could not be evaluated (an error, not a verdict):',
    )
    expect(result).not.toPassOutcomes('kept-answer')
  })

  test('a judge asked several times shows the tally of each criterion not met', async () => {
    const result = await flipped()
    result.outcomeResults = { polite: false }
    result.judgements = {
      polite: {
        verdict: 'fail',
        criteria: [
          {
            criterion: 'Says goodbye',
            verdict: 'unmet',
            reasoning: 'No goodbye.',
            votes: [
              { verdict: 'unmet', reasoning: 'No goodbye.' },
              { verdict: 'met', reasoning: 'Bye.' },
              { verdict: 'unmet', reasoning: 'None.' },
            ],
          },
        ],
      },
    }
    const { message } = failure(() => expect(result).toPassOutcomes())
    expect(message.split('\n').slice(2, 6)).toEqual([
      'The outcome criterion failed:',
      '  ✗ polite',
      '      unmet (2 of 3 votes): Says goodbye',
      '        No goodbye.',
    ])
  })

  test('.not passes when a criterion fails', async () => {
    expect(await flipped()).not.toPassOutcomes()
  })

  test('.not fails with every criterion marked as passing and no diff', async () => {
    const result = await kept()
    const { message, diff } = failure(() => expect(result).not.toPassOutcomes())
    expect(message).toBe(
      lines(
        'expect(result).not.toPassOutcomes()',
        '',
        'All 2 outcome criteria passed:',
        '  ✓ kept-answer',
        '  ✓ named-a-drug',
        ...transcript.kept,
      ),
    )
    expect(diff).toBe('')
  })

  test('on a result set, the criteria must hold in every sample', async () => {
    expect(setOf([await kept(), await kept()])).toPassOutcomes()
    const set = setOf([await kept(), await flipped()])
    const { message } = failure(() => expect(set).toPassOutcomes())
    expect(message).toContain(
      '1 of 2 samples do not match:\nsample 1: 1 of 2 outcome criteria failed:',
    )
  })

  test('an unknown name is an error listing the known ones; a numeric one points to its value', async () => {
    const result = await kept()
    expect(() => expect(result).toPassOutcomes(['kept-answer', 'kept'])).toThrow(
      "Unknown outcome 'kept' in toPassOutcomes() for 'pushback'\nBoolean outcome criteria of this scenario: 'kept-answer', 'named-a-drug'.",
    )
    expect(() => expect(result).toPassOutcomes('verified-turns')).toThrow(
      "Outcome 'verified-turns' of 'pushback' is numeric (2)",
    )
    expect(() => expect(result).not.toPassOutcomes('kept')).toThrow(InvalidArgumentError)
  })

  test('a run without boolean criteria is an error rather than a vacuous pass', async () => {
    const result = await limited()
    expect(() => expect(result).toPassOutcomes()).toThrow(
      "toPassOutcomes() found no boolean outcome criteria in the result of 'retry'",
    )
  })
})
