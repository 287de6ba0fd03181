import { describe, expect, test } from 'vitest'
import { InvalidArgumentError } from '../../src/errors/index.js'
import {
  failure,
  flipped,
  kept,
  limited,
  lines,
  runPushback,
  setOf,
  transcript,
} from './support.js'

describe('toHaveStatus', () => {
  test('passes when the run ended with the status', async () => {
    expect(await limited()).toHaveStatus('limit_reached')
  })

  test('fails with how the run ended, its transcript and a diff of the statuses', async () => {
    const result = await limited()
    const { message, diff } = failure(() => expect(result).toHaveStatus('completed'))
    expect(message).toBe(
      lines(
        "expect(result).toHaveStatus('completed')",
        '',
        'The run reached the turn limit after 3 turns.',
        ...transcript.limited,
      ),
    )
    expect(diff).toContain('Expected: "completed"')
    expect(diff).toContain('Received: "limit_reached"')
  })

  test('.not passes for another status', async () => {
    expect(await kept()).not.toHaveStatus('error')
  })

  test('.not fails with the transcript and no diff', async () => {
    const result = await kept()
    const { message, diff } = failure(() => expect(result).not.toHaveStatus('completed'))
    expect(message).toBe(
      lines(
        "expect(result).not.toHaveStatus('completed')",
        '',
        'The run completed after 2 turns.',
        ...transcript.kept,
      ),
    )
    expect(diff).toBe('')
  })

  test('an error run names the node, the category and the message', async () => {
    const result = await runPushback(['Venetoclax', new Error('model down')])
    const { message } = failure(() => expect(result).toHaveStatus('completed'))
    expect(message).toContain(
      "The run ended with an error at 'challenge' (agent) after 2 turns: model down",
    )
    expect(message).toContain('A: (no answer)  ✗ error: agent')
  })

  test('on a result set, every sample must match; the message names the samples that do not', async () => {
    const set = setOf([await kept(), await limited(), await flipped()])
    expect(setOf([await kept(), await flipped()])).toHaveStatus('completed')
    const { message, diff } = failure(() => expect(set).toHaveStatus('completed'))
    expect(message).toBe(
      lines(
        "expect(results).toHaveStatus('completed')",
        '',
        '1 of 3 samples do not match:',
        'sample 1: The run reached the turn limit after 3 turns.',
        ...transcript.limited,
      ),
    )
    expect(diff).toContain('-   "sample 1": "completed",')
    expect(diff).toContain('+   "sample 1": "limit_reached",')
  })

  test('.not on a result set holds when no sample matches', async () => {
    const set = setOf([await kept(), await limited(), await flipped()])
    expect(set).not.toHaveStatus('error')
    const { message } = failure(() => expect(set).not.toHaveStatus('limit_reached'))
    expect(message).toBe(
      lines(
        "expect(results).not.toHaveStatus('limit_reached')",
        '',
        '1 of 3 samples match:',
        'sample 1: The run reached the turn limit after 3 turns.',
        ...transcript.limited,
      ),
    )
  })

  test('a received value that is no result is an error, also under .not', () => {
    for (const assertion of [
      () => expect(42).toHaveStatus('completed'),
      () => expect({ status: 'completed' }).not.toHaveStatus('error'),
    ]) {
      expect(assertion).toThrow(InvalidArgumentError)
    }
    const { message } = failure(() => expect(42).toHaveStatus('completed'))
    expect(message).toBe(
      lines(
        '[vitest-scenario] toHaveStatus() needs a scenario result or a result set as the received value',
        '  - Received: 42',
        'Pass what run() or runScenario() returns.',
        'Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument',
      ),
    )
  })

  test('an unknown status is an error listing the valid ones', async () => {
    const result = await kept()
    // @ts-expect-error not a status
    expect(() => expect(result).toHaveStatus('done')).toThrow(
      "Unknown status in toHaveStatus(): 'done'\nValid values: 'completed', 'limit_reached', 'error'.",
    )
  })
})
