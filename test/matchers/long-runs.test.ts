// Failure messages and diffs over a long conversation are bounded: a matcher lists the first
// failing turns (or samples, criteria, path nodes) and counts the rest, in its message and in the
// `expected`/`actual` it gives the runner for the diff. One real 10,000-turn run, shared by the
// tests of this file.
import { expect as jestExpect } from 'expect'
import { beforeAll, describe, expect, test } from 'vitest'
import { matchers } from '../../matchers/index.js'
import {
  allOf,
  allTurns,
  anyTurn,
  firstTurnScope,
  lastTurn,
  lastTurnScope,
  statusIs,
} from '../../src/outcomes/index.js'
import { runScenario } from '../../src/runner/index.js'
import { END, Scenario } from '../../src/scenario/index.js'
import type { ScenarioExecutionResult } from '../../src/state/types.js'
import { failure, lines, plain, runRetry, setOf } from './support.js'

const TURNS = 10_000
/** The turns whose answer is `other` (every other turn answers `text`). */
const ODD_FROM = 5_000
const ODD_TURNS = 20
/** What a message over any number of turns stays under. */
const MAX_MESSAGE = 2_000
/** What the diff values (as JSON) stay under. */
const MAX_DIFF_JSON = 1_000

let long: ScenarioExecutionResult

beforeAll(async () => {
  const scenario = new Scenario('long')
    .addNode('loop', { question: 'Next?' })
    .addEdge('loop', 'loop', { when: { turn: { lt: TURNS - 1 } } })
    .addEdge('loop', END)
    .setEntry('loop')
  // Fifteen criteria that fail (no turn says `never`) and fifteen that hold.
  for (let i = 0; i < 15; i++) {
    scenario.addOutcome(`fails-${i}`, anyTurn({ rawResponse: 'never' }))
    scenario.addOutcome(`holds-${i}`, lastTurn({ rawResponse: 'text' }))
  }
  let call = 0
  const model = async () => {
    const turn = call++
    const odd = turn >= ODD_FROM && turn < ODD_FROM + ODD_TURNS
    return {
      content: odd ? 'other' : 'text',
      toolCalls: [{ id: `call-${turn}`, name: 'search', arguments: { q: turn }, result: 'ok' }],
    }
  }
  long = await runScenario(scenario.validate(), { model, turnLimit: TURNS + 1 })
  expect(long.turnCount).toBe(TURNS)
}, 60_000)

/** The diff values' size, as JSON. */
function diffSize(value: unknown): number {
  return JSON.stringify(value).length
}

describe('a failing check over 10,000 turns', () => {
  test('lists the first failing turns and counts the rest, in the message and in the diff', () => {
    const { message, expected, actual, diff } = failure(() =>
      expect(long).toHaveTurnCheck(allTurns({ rawResponse: 'text' })),
    )
    const listed = Array.from({ length: 10 }, (_, i) => ODD_FROM + i)
    expect(message).toBe(
      lines(
        'expect(result).toHaveTurnCheck(check)',
        '',
        "✗ allTurns: rawResponse = 'text'",
        '20 of 10000 turns the check read fail; the first 10:',
        ...listed.map((i) => `  #${i} loop  Q: Next?  A: other  tools: search`),
        '  … and 10 more failing turns',
      ),
    )
    expect(Object.keys(expected as object)).toEqual([...listed.map((i) => `#${i} loop`), '…'])
    expect((expected as Record<string, unknown>)['#5000 loop']).toEqual({ rawResponse: 'text' })
    expect((actual as Record<string, unknown>)['#5000 loop']).toEqual({ rawResponse: 'other' })
    expect((actual as Record<string, unknown>)['…']).toBe('10 more failing turns')
    expect(diff).toContain('"…": "10 more failing turns"')
    expect(diffSize(expected) + diffSize(actual)).toBeLessThan(MAX_DIFF_JSON)
  })

  test('every turn failing: the first ten and a count of 9990, bounded', () => {
    const { message, expected, diff } = failure(() =>
      expect(long).toHaveTurnCheck(allTurns({ rawResponse: 'another answer' })),
    )
    expect(message).toContain('10000 of 10000 turns the check read fail; the first 10:\n  #0 ')
    expect(message).toContain('\n  #9 ')
    expect(message).not.toContain('#10 ')
    expect(message.endsWith('  … and 9990 more failing turns')).toBe(true)
    expect(message.length).toBeLessThan(MAX_MESSAGE)
    expect(Object.keys(expected as object)).toHaveLength(11)
    expect(diff.length).toBeLessThan(2_000)
  })

  test('a composition that also reads the result lists the failing turns and keeps the result', () => {
    const { message, expected } = failure(() =>
      expect(long).toSatisfyOutcome(allOf(statusIs('error'), allTurns({ rawResponse: 'text' }))),
    )
    expect(message).toContain('20 of 10000 turns the check read fail; the first 10:')
    expect(message).toContain('  … and 10 more failing turns')
    expect(Object.keys(expected as object)).toEqual([
      'result',
      ...Array.from({ length: 10 }, (_, i) => `#${ODD_FROM + i} loop`),
      '…',
    ])
    expect(message.length).toBeLessThan(MAX_MESSAGE)
  })

  test('in a result set the diff of each sample is bounded the same way', () => {
    const set = setOf([long, long])
    const { message, expected } = failure(() =>
      expect(set).toHaveTurnCheck(allTurns({ rawResponse: 'text' })),
    )
    expect(message).toContain('2 of 2 samples do not match:')
    expect(message).toContain('sample 1: ✗ allTurns')
    const samples = expected as Record<string, Record<string, unknown>>
    expect(Object.keys(samples)).toEqual(['sample 0', 'sample 1'])
    expect(Object.keys(samples['sample 1'] as object)).toHaveLength(11)
    expect(message.length).toBeLessThan(2 * MAX_MESSAGE)
    expect(diffSize(expected)).toBeLessThan(2 * MAX_DIFF_JSON)
  })

  test('a result set of many samples details three, lists ten more by index and diffs ten', async () => {
    // Many samples, each short: what is bounded here is the number of samples.
    const short = await runRetry(['x', 'y', 'z'], 3)
    const set = setOf(Array.from({ length: 50 }, () => short))
    const { message, expected } = failure(() =>
      expect(set).toHaveTurnCheck(allTurns({ rawResponse: 'x' })),
    )
    expect(message).toContain('50 of 50 samples do not match:')
    expect(message).toContain(
      '… and 47 more samples: 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, … and 37 more',
    )
    expect(message.length).toBeLessThan(MAX_MESSAGE)
    const keys = Object.keys(expected as object)
    expect(keys).toEqual([...Array.from({ length: 10 }, (_, i) => `sample ${i}`), '…'])
    expect((expected as Record<string, unknown>)['…']).toBe('40 more samples')
  })

  test('under Jest, the same bounded message and compared values reach the runner', () => {
    // Written against Vitest's matcher state; Jest's has the parts the matchers read (as the Jest
    // setup entry registers them).
    jestExpect.extend(matchers as unknown as Parameters<typeof jestExpect.extend>[0])
    let thrown: unknown
    try {
      ;(jestExpect(long) as unknown as { toHaveTurnCheck(check: unknown): void }).toHaveTurnCheck(
        allTurns({ rawResponse: 'another answer' }),
      )
    } catch (error) {
      thrown = error
    }
    const { matcherResult } = thrown as {
      matcherResult: { message: string; expected: unknown; actual: unknown }
    }
    expect(plain(matcherResult.message)).toContain('  … and 9990 more failing turns')
    expect(matcherResult.message.length).toBeLessThan(MAX_MESSAGE)
    expect(Object.keys(matcherResult.expected as object)).toHaveLength(11)
    expect(diffSize(matcherResult.actual)).toBeLessThan(MAX_DIFF_JSON)
  })
})

describe('the other matchers over 10,000 turns', () => {
  test('toHaveFollowedPath says where the path differs first and diffs a window around it', () => {
    const path = long.path.map((id, i) => (i === 7_000 ? 'elsewhere' : id))
    const { message, expected, actual } = failure(() => expect(long).toHaveFollowedPath(path))
    expect(message).toContain(
      "It differs from the expected path first at turn #7000: expected 'elsewhere', got 'loop' (10000 nodes expected, 10000 visited).",
    )
    expect(message.length).toBeLessThan(MAX_MESSAGE)
    expect(expected).toEqual([
      '… 6998 nodes as expected',
      'loop',
      'loop',
      'elsewhere',
      ...Array(7).fill('loop'),
      '… and 2992 more nodes',
    ])
    expect(actual).toEqual([
      '… 6998 nodes as expected',
      ...Array(10).fill('loop'),
      '… and 2992 more nodes',
    ])
  })

  test('toHaveFollowedPath with a path that ends early counts the nodes left on each side', () => {
    const { message, expected, actual } = failure(() =>
      expect(long).toHaveFollowedPath(long.path.slice(0, 20)),
    )
    expect(message).toContain(
      "first at turn #20: expected the end of the path, got 'loop' (20 nodes expected, 10000 visited).",
    )
    expect(expected).toEqual(['… 18 nodes as expected', 'loop', 'loop'])
    expect(actual).toEqual([
      '… 18 nodes as expected',
      ...Array(10).fill('loop'),
      '… and 9972 more nodes',
    ])
  })

  test('toHaveVisited and toHaveTurnCount stay short', () => {
    const visited = failure(() => expect(long).toHaveVisited('loop', 1))
    expect(visited.message).toContain("Node 'loop' was visited 10000 times; path: loop → loop")
    expect(visited.message).toContain('  … 9993 more turns')
    expect(visited.message.length).toBeLessThan(MAX_MESSAGE)
    const count = failure(() => expect(long).toHaveTurnCount(1))
    expect(count.message.length).toBeLessThan(MAX_MESSAGE)
    expect(count.expected).toBe(1)
  })

  test('toHaveCalledTool and toHaveToolTrajectory name the first calls and count the rest', () => {
    const called = failure(() => expect(long).toHaveCalledTool('book'))
    expect(called.message).toContain("'book' was called 0 times; expected at least once.")
    expect(called.message).toContain('search({"q":9}), … and 9990 more; the check does not match.')
    expect(called.message.length).toBeLessThan(MAX_MESSAGE)
    const trajectory = failure(() => expect(long).toHaveToolTrajectory(['search']))
    expect(trajectory.message).toContain(
      'first difference at position 1: search({"q":1}) where no further call was expected',
    )
    expect(trajectory.message.length).toBeLessThan(MAX_MESSAGE)
  })

  test('toHaveToolTrajectory with 10,000 expected calls names the first ten in its call', () => {
    const expected = Array.from({ length: TURNS }, () => 'book')
    const { message } = failure(() => expect(long).toHaveToolTrajectory(expected))
    expect(message).toContain(
      "toHaveToolTrajectory(['book', 'book', 'book', 'book', 'book', 'book', 'book', 'book', 'book', 'book', … and 9990 more])",
    )
    expect(message.length).toBeLessThan(MAX_MESSAGE)
  })

  test('toPassOutcomes with 30 criteria lists the first ten that failed and counts the rest', () => {
    const { message, expected } = failure(() => expect(long).toPassOutcomes())
    expect(message).toContain('15 of 30 outcome criteria failed:\n  ✗ fails-0\n')
    expect(message).toContain('  ✗ fails-9\n  … and 20 more criteria (5 failed)')
    expect(message).not.toContain('holds-')
    expect(Object.keys(expected as object)).toHaveLength(11)
    expect((expected as Record<string, unknown>)['…']).toBe('… and 20 more criteria (5 failed)')
  })

  test('toBeConsistentAcross over many samples diffs ten of them', async () => {
    const flipped = await runRetry(['x', 'y'], 2)
    const set = setOf(Array.from({ length: 30 }, () => flipped))
    const { message, expected } = failure(() =>
      expect(set).toBeConsistentAcross(firstTurnScope(), lastTurnScope(), 'rawResponse'),
    )
    expect(message).toContain(
      '… and 27 more samples: 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, … and 17 more',
    )
    expect(Object.keys(expected as object)).toHaveLength(11)
  })
})

describe('short runs', () => {
  test('a check over at most eight turns shows them all and no count, as before', async () => {
    const result = await runRetry(['x', 'y', 'z'], 3)
    const { message, expected } = failure(() =>
      expect(result).toHaveTurnCheck(allTurns({ rawResponse: 'x' })),
    )
    expect(message).toBe(
      lines(
        'expect(result).toHaveTurnCheck(check)',
        '',
        "✗ allTurns: rawResponse = 'x'",
        '  #0 ask    Q: Which drug inhibits BCL-2?  A: x  ✗',
        '  #1 retry  Q: Try again: which drug?  A: y  ✗',
        '  #2 retry  Q: Try again: which drug?  A: z  ✗',
      ),
    )
    expect(Object.keys(expected as object)).toEqual(['#1 retry', '#2 retry'])
  })

  test('over twelve turns the failing turn in the middle is shown, not cut from the transcript', async () => {
    const replies = Array.from({ length: 12 }, (_, i) => (i === 6 ? 'I do not know' : 'no idea'))
    const result = await runRetry(replies, 12)
    const { message, expected } = failure(() =>
      expect(result).toHaveTurnCheck(allTurns({ rawResponse: 'no idea' })),
    )
    expect(message).toBe(
      lines(
        'expect(result).toHaveTurnCheck(check)',
        '',
        "✗ allTurns: rawResponse = 'no idea'",
        '1 of 12 turns the check read fail:',
        '  #6 retry  Q: Try again: which drug?  A: I do not know  ✗',
      ),
    )
    expect(Object.keys(expected as object)).toEqual(['#6 retry'])
  })
})
