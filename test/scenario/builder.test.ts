import { zodResponseFormat } from 'openai/helpers/zod'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { z } from 'zod'
import { ScenarioValidationError } from '../../src/errors/index.js'
import { lastTurn, turnAt } from '../../src/outcomes/index.js'
import { exactMatch } from '../../src/primitives/index.js'
import { END, Scenario } from '../../src/scenario/index.js'
import { defineTemplate } from '../../src/templates/index.js'

afterEach(() => {
  vi.restoreAllMocks()
})

function problemsOf(build: () => unknown) {
  try {
    build()
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioValidationError)
    return (error as ScenarioValidationError).problems
  }
  throw new Error('expected validate() to throw')
}

describe('addNode', () => {
  test('rejects a duplicate id at the call', () => {
    const s = new Scenario('s').addNode('x', { question: 'q' })
    expect(() => s.addNode('x', { question: 'q2' })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Node 'x' already exists
      Give each node a unique id.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })

  test('rejects END as a node id and unknown spec keys', () => {
    const s = new Scenario('s')
    expect(() => s.addNode(END, { question: 'q' })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] '__end__' (END) is not a valid node id
      END is the target that ends a run: use it in addEdge(source, END).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      // @ts-expect-error -- unknown key
      s.addNode('a', { question: 'q', stateUpdater: () => ({}) }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unknown key 'stateUpdater' in addNode('a')
      Valid keys: 'question', 'answer', 'modelOverride', 'toolFilter', 'stateUpdate', 'metadata'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })

  test('rejects unknown keys in a Question and a rubric without traits', () => {
    const s = new Scenario('s')
    expect(() =>
      // @ts-expect-error -- unknown key
      s.addNode('a', { question: { question: 'q', answer: 'x' } }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unknown key 'answer' in the question of addNode('a')
      Valid keys: 'question', 'rawAnswer', 'template', 'rubric', 'id'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      // @ts-expect-error -- traits is required
      s.addNode('b', { question: { question: 'q', rubric: {} } }),
    ).toThrowErrorMatchingInlineSnapshot(
      `
      [InvalidArgumentError: [vitest-scenario] The rubric in the question of addNode('b') needs a \`traits\` array
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `,
    )
  })

  test('rejects a function as the parsing-side override', () => {
    const s = new Scenario('s')
    expect(() =>
      // @ts-expect-error -- the parsing side is a model config
      s.addNode('a', { question: 'q', modelOverride: { parsing: () => 'x' } }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] The parsing override of addNode('a') may not be a function
      The parsing side is a model that fills templates: pass { model, … }.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })

  test('copies plain data: later mutation of the caller object has no effect', () => {
    const metadata = { tags: ['a'] }
    const question = { question: 'What?', rawAnswer: 'This.' }
    const s = new Scenario('s').addNode('a', { question, metadata }).setEntry('a')
    metadata.tags.push('b')
    question.question = 'Changed?'
    const definition = s.validate()
    expect(definition.nodes.a?.metadata).toEqual({ tags: ['a'] })
    expect(definition.nodes.a?.question).toEqual({ question: 'What?', rawAnswer: 'This.' })
  })
})

describe('addEdge and setEntry', () => {
  test('defers existence checks to validate()', () => {
    expect(() => new Scenario('s').addEdge('nowhere', 'nothing')).not.toThrow()
  })

  test('rejects a string or number as `when` at the call', () => {
    const s = new Scenario('s')
    // @ts-expect-error -- not a when form
    expect(() => s.addEdge('a', 'b', { when: 3 })).toThrow("Unsupported 'when' value: 3")
    // @ts-expect-error -- not a when form
    expect(() => s.addEdge('a', 'b', { when: 'verifyResult' })).toThrow(
      "Unsupported 'when' value: 'verifyResult'",
    )
  })

  test('rejects unknown edge option keys', () => {
    expect(() =>
      // @ts-expect-error -- unknown key
      new Scenario('s').addEdge('a', 'b', { condition: {} }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] Unknown key 'condition' in addEdge('a', 'b')
      Valid keys: 'when'.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })

  test('setEntry needs a known node; the last call wins', () => {
    const s = new Scenario('s').addNode('a', { question: 'q' }).addNode('b', { question: 'q' })
    expect(() => s.setEntry('zzz')).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] 'zzz' is not a known node
      Add the node with addNode() first.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    s.addEdge('b', 'a').setEntry('a').setEntry('b')
    expect(s.validate().entryNode).toBe('b')
  })
})

describe('validate', () => {
  test('collects every problem in the order of the spec', () => {
    const s = new Scenario('broken')
      .addNode('a', { question: 'q' })
      .addNode('b', { question: 'q' })
      .addNode('c', { question: 'q' })
      .addEdge('ghost', 'a')
      .addEdge('a', 'phantom')
      .addEdge('b', 'c', { when: { verifyResult: true } })
    const problems = problemsOf(() => s.validate())
    expect(problems.map((p) => [p.code, p.ids])).toEqual([
      ['no_entry', []],
      ['unknown_source', ['ghost', 'a']],
      ['unknown_target', ['a', 'phantom']],
      ['no_fallback', ['b']],
    ])
  })

  test('reports unreachable nodes sorted, ignoring conditions', () => {
    const s = new Scenario('s')
      .addNode('entry', { question: 'q' })
      .addNode('zeta', { question: 'q' })
      .addNode('alpha', { question: 'q' })
      .addNode('reached', { question: 'q' })
      .addEdge('entry', 'reached', { when: { verifyResult: false } })
      .addEdge('entry', END)
      .setEntry('entry')
    expect(problemsOf(() => s.validate()).map((p) => [p.code, p.ids])).toEqual([
      ['unreachable', ['alpha']],
      ['unreachable', ['zeta']],
    ])
  })

  test('the error message names the scenario and lists each problem', () => {
    const s = new Scenario('two-problems').addNode('a', { question: 'q' }).addEdge('a', 'x')
    expect(() => s.validate()).toThrowErrorMatchingInlineSnapshot(`
      [ScenarioValidationError: [vitest-scenario] Scenario 'two-problems' is not valid (2 problems)
        - no_entry: No entry node is set; call setEntry(id)
        - unknown_target: Edge 'a' → 'x' goes to 'x', which is neither a known node nor END
      Fix the graph and call validate() again.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_scenario]
    `)
  })

  describe('no_fallback on edges that test only verifyResult says when it is null', () => {
    const template = (spec: { groundTruth?: { drug: string }; verify?: () => boolean }) =>
      defineTemplate({
        schema: z.object({ drug: z.string() }),
        parse: (raw) => ({ drug: raw }),
        ...spec,
      })
    const messageFor = (question: Parameters<Scenario['addNode']>[1]['question']) => {
      const s = new Scenario('s')
        .addNode('check', { question })
        .addNode('retry', { question: 'again?' })
        .addEdge('check', END, { when: { verifyResult: true } })
        .addEdge('check', 'retry', { when: { verify_result: { eq: false } } })
        .addEdge('retry', END)
        .setEntry('check')
      const [problem, ...rest] = problemsOf(() => s.validate())
      expect(rest).toEqual([])
      expect(problem?.code).toBe('no_fallback')
      return problem?.message
    }

    test('a node without a template: verifyResult is null on every turn of it', () => {
      expect(messageFor('Which drug?')).toBe(
        "Node 'check' has conditional edges but no unconditional fallback; add addEdge('check', target) without `when`. Its edges test only verifyResult, which is null on every turn of this node (it has no template, so no verdict): neither true nor false matches, and the fallback is the edge taken",
      )
      expect(messageFor(null)).toContain('it has no template')
    })

    test('a template with neither verify nor groundTruth gives no verdict either', () => {
      expect(messageFor({ question: 'Which drug?', template: template({}) })).toContain(
        'null on every turn of this node (its template has neither verify nor groundTruth, so no verdict)',
      )
    })

    test('a template that gives a verdict: one of the edges can be the fallback', () => {
      for (const spec of [{ groundTruth: { drug: 'venetoclax' } }, { verify: () => true }]) {
        expect(messageFor({ question: 'Which drug?', template: template(spec) })).toContain(
          "which this node's template sets to true or false on every turn that routes (an answer that fails to parse ends the run as a parsing error), so one of those edges can drop its `when` and be the fallback",
        )
      }
    })

    test('edges that test anything else keep the plain message', () => {
      const s = new Scenario('s')
        .addNode('a', { question: 'q' })
        .addEdge('a', END, { when: { verifyResult: true, 'parsed.sure': true } })
        .setEntry('a')
      expect(problemsOf(() => s.validate())[0]?.message).toBe(
        "Node 'a' has conditional edges but no unconditional fallback; add addEdge('a', target) without `when`",
      )
    })
  })

  test('allows implicit terminals, self-loops and loops without a path to END', () => {
    const s = new Scenario('s')
      .addNode('a', { question: 'q' })
      .addNode('b', { question: 'q' })
      .addEdge('a', 'a', { when: { verifyResult: true } })
      .addEdge('a', 'b')
      .addEdge('b', 'a')
      .setEntry('a')
    expect(() => s.validate()).not.toThrow()
  })

  test('warns once per validate() about several unconditional edges', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const s = new Scenario('s')
      .addNode('a', { question: 'q' })
      .addNode('b', { question: 'q' })
      .addEdge('a', 'b')
      .addEdge('a', END)
      .setEntry('a')
    const definition = s.validate()
    expect(definition.warnings).toEqual([
      {
        code: 'multiple_unconditional',
        message:
          "Node 'a' has 2 unconditional edges (to 'b', '__end__'); only the first, to 'b', is used",
        ids: ['a', 'b', '__end__'],
      },
    ])
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]?.[0]).toMatchInlineSnapshot(
      `"[vitest-scenario] Scenario 's': Node 'a' has 2 unconditional edges (to 'b', '__end__'); only the first, to 'b', is used"`,
    )
    s.validate()
    expect(warn).toHaveBeenCalledTimes(2)
  })

  test('returns a deeply frozen definition independent of the builder', () => {
    const s = new Scenario('s', { description: 'd' })
      .addNode('a', { question: 'q', metadata: { tags: ['x'] } })
      .addEdge('a', END, { when: [] })
      .addEdge('a', END)
      .setEntry('a')
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const definition = s.validate()
    s.addNode('b', { question: 'q' })
    expect(definition.nodeIds).toEqual(['a'])
    expect(Object.isFrozen(definition)).toBe(true)
    expect(Object.isFrozen(definition.nodes.a?.metadata?.tags)).toBe(true)
    expect(Object.isFrozen(definition.edges[0])).toBe(true)
    expect(definition.description).toBe('d')
    expect(definition.edgesFrom('a').map((e) => e.target)).toEqual([END, END])
    expect(definition.edgesFrom('none')).toEqual([])
  })

  test('keeps zod schemas by reference: a template still parses and converts after validate()', () => {
    const schema = z.object({ drug: z.string(), confidence: z.enum(['low', 'high']).nullable() })
    const template = defineTemplate({
      schema,
      groundTruth: { drug: 'venetoclax' },
      verify: { drug: exactMatch() },
    })
    const definition = new Scenario('s')
      .addNode('a', { question: { question: 'Which drug?', template } })
      .setEntry('a')
      .validate()
    const kept = definition.nodes.a?.question
    if (typeof kept !== 'object' || kept === null) throw new Error('expected a Question object')
    expect(kept.template?.schema).toBe(schema)
    expect(kept.template?.schema.parse({ drug: 'x', confidence: null })).toEqual({
      drug: 'x',
      confidence: null,
    })
    expect(zodResponseFormat(schema, 'answer').json_schema.name).toBe('answer')
    expect(Object.isFrozen(kept.template?.groundTruth)).toBe(true)
    expect(kept.template?.verify).toEqual({ drug: exactMatch() })
  })
})

describe('outcomes on the builder', () => {
  test('rejects duplicate names, a bare scope as check, and a criterion with neither check nor evaluate', () => {
    const s = new Scenario('s').addOutcome('kept', lastTurn({ verifyResult: true }))
    expect(() =>
      s.addOutcome('kept', lastTurn({ verifyResult: false })),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] An outcome criterion named 'kept' already exists
      Give each criterion a unique name.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() =>
      s.addOutcomeCriterion({ name: 'kept', evaluate: () => true }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] An outcome criterion named 'kept' already exists
      Give each criterion a unique name.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    // @ts-expect-error -- a scope is not a check
    expect(() => s.addOutcome('scope', turnAt(0))).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] The check of the outcome criterion 'scope' is not an outcome check
      Pass a check node (turnCheck, lastTurn({ … }), allOf(…), countTurns(…), …); a scope such as turnAt(0) is not a check by itself.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
    expect(() => s.addOutcomeCriterion({ name: 'empty' })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] The outcome criterion 'empty' has neither a check nor an evaluate function
      Pass a check such as lastTurn({ verifyResult: true }), or evaluate: (result) => boolean.
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })

  test('keeps criteria in registration order with a default description', () => {
    const evaluate = () => true
    const definition = new Scenario('s')
      .addNode('a', { question: 'q' })
      .setEntry('a')
      .addOutcome('first', lastTurn({ verifyResult: true }), { description: 'd1' })
      .addOutcomeCriterion({ name: 'second', evaluate })
      .validate()
    expect(definition.outcomeCriteria.map((c) => [c.name, c.description])).toEqual([
      ['first', 'd1'],
      ['second', ''],
    ])
    expect(definition.outcomeCriteria[1]?.evaluate).toBe(evaluate)
  })
})

describe('plain data edge cases', () => {
  test("a '__proto__' key in metadata stays a key", () => {
    const metadata = JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}') as Record<
      string,
      unknown
    >
    const definition = new Scenario('s')
      .addNode('a', { question: 'q', metadata })
      .setEntry('a')
      .validate()
    const kept = definition.nodes.a?.metadata as Record<string, unknown>
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype)
    expect(Object.keys(kept)).toEqual(['__proto__', 'ok'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  test('cyclic metadata is an error at the call, not a stack overflow', () => {
    const metadata: Record<string, unknown> = {}
    metadata.self = metadata
    expect(() =>
      new Scenario('s').addNode('a', { question: 'q', metadata }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidArgumentError: [vitest-scenario] \`metadata.self\` of addNode('a') refers back to itself
      Pass plain data without cycles (a tree of objects, arrays and scalars).
      Docs: node_modules/vitest-scenario/docs/reference/errors.md#invalid_argument]
    `)
  })

  test('a value shared twice (not a cycle) is copied twice', () => {
    const shared = { x: 1 }
    const definition = new Scenario('s')
      .addNode('a', { question: 'q', metadata: { left: shared, right: shared } })
      .setEntry('a')
      .validate()
    expect(definition.nodes.a?.metadata).toEqual({ left: { x: 1 }, right: { x: 1 } })
  })
})
