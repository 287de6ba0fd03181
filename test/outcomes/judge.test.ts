import { describe, expect, test } from 'vitest'
import { InvalidArgumentError } from '../../src/errors/index.js'
import { judgeConversation } from '../../src/models/judge-conversation.js'
import {
  allOf,
  anyOf,
  atLeastN,
  evaluateOutcome,
  hydrateOutcomeCheck,
  isBooleanCheck,
  isOutcomeCheck,
  judge,
  statusIs,
} from './imports.js'
import { makeResult } from './make-result.js'

describe('judge(criteria, options)', () => {
  test('is a frozen, type-tagged check node holding only what was given', () => {
    const node = judge(['Asks for the order number', 'Never blames the customer'])
    expect(node).toEqual({
      type: 'Judge',
      criteria: ['Asks for the order number', 'Never blames the customer'],
    })
    expect(Object.isFrozen(node)).toBe(true)
    expect(Object.isFrozen(node.criteria)).toBe(true)
    const full = judge(['Polite'], {
      model: { model: 'gpt-4.1-mini', temperature: 0 },
      instructions: 'The agent may not offer discounts.',
      inconclusive: 'pass',
    })
    expect(full).toEqual({
      type: 'Judge',
      criteria: ['Polite'],
      model: { model: 'gpt-4.1-mini', temperature: 0 },
      instructions: 'The agent may not offer discounts.',
      inconclusive: 'pass',
    })
    expect(Object.isFrozen(full.model)).toBe(true)
  })

  test('does not keep the caller’s list: changing it later changes nothing', () => {
    const criteria = ['Polite']
    const node = judge(criteria)
    criteria.push('Rude')
    expect(node.criteria).toEqual(['Polite'])
  })

  test('composes in allOf, anyOf and atLeastN, and is a boolean check', () => {
    const node = judge(['Polite'])
    expect(isBooleanCheck(node)).toBe(true)
    expect(isOutcomeCheck(allOf(node, statusIs('completed')))).toBe(true)
    expect(isOutcomeCheck(anyOf(node))).toBe(true)
    expect(isOutcomeCheck(atLeastN(1, node, node))).toBe(true)
  })

  test('bad criteria and options are errors naming the problem', () => {
    expect(() => judge([])).toThrow(
      'judge(criteria, options): criteria: the list of criteria is empty',
    )
    expect(() => judge('Polite' as never)).toThrow("'Polite' is not a list of criteria")
    expect(() => judge(['ok', ' '])).toThrow("criterion 1 is ' ', not a non-empty string")
    expect(() => judge(['ok'], { inconclusive: 'maybe' as never })).toThrow(
      "`inconclusive`: 'fail' or 'pass', got 'maybe'",
    )
    expect(() => judge(['ok'], { model: {} as never })).toThrow('`model.model`')
    expect(() => judge(['ok'], { judge: 1 } as never)).toThrow('judge')
  })

  test('criteria that cannot be read (a revoked Proxy) are an InvalidArgumentError, never a TypeError', async () => {
    const { proxy, revoke } = Proxy.revocable(['Polite'], {})
    revoke()
    expect(() => judge(proxy)).toThrow(InvalidArgumentError)
    await expect(
      judgeConversation(makeResult([{ nodeId: 'a' }]), proxy, { model: { model: 'judge' } }),
    ).rejects.toThrow(InvalidArgumentError)
  })

  test('round-trips through JSON; a document with a client, a key or a bad verdict mode is refused', () => {
    const node = judge(['Polite', 'Brief'], {
      model: { model: 'm', baseURL: 'http://127.0.0.1:8080/v1' },
      inconclusive: 'pass',
    })
    const data = JSON.parse(JSON.stringify(allOf(node)))
    const hydrated = hydrateOutcomeCheck(data, 'outcomeCriteria.0.check')
    expect(hydrated).toEqual(allOf(node))
    expect(JSON.parse(JSON.stringify(hydrated))).toEqual(data)
    const bad = (judgeData: object) => () =>
      hydrateOutcomeCheck(
        { type: 'Judge', criteria: ['x'], ...judgeData },
        'outcomeCriteria.0.check',
      )
    expect(bad({ model: { model: 'm', client: {} } })).toThrow(
      "Invalid outcome check at outcomeCriteria.0.check.model.client: 'client' cannot be loaded from a document",
    )
    expect(bad({ model: { model: 'm', apiKey: 'k' } })).toThrow('.model.apiKey')
    expect(bad({ inconclusive: 'sometimes' })).toThrow('`inconclusive`')
    expect(bad({ criteria: [] })).toThrow(
      'outcomeCriteria.0.check.criteria: the list of criteria is empty',
    )
    expect(bad({ verdict: 'pass' })).toThrow('verdict')
  })

  test('a synchronous evaluation cannot judge: a clear error pointing to the asynchronous ways', () => {
    const run = makeResult([{ nodeId: 'ask' }])
    expect(() => evaluateOutcome(judge(['Polite']), run)).toThrow(
      'A judge() check needs a model call, and was evaluated without one',
    )
  })
})
