// An answer that cannot be parsed with its template ends the run as a `parsing` error turn. The
// turn error's message is what a failing test prints, so it names the node, lists zod's issues,
// says what to do and where the docs explain it, as every library error does.
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { docsLine } from '../../src/errors/docs-line.js'
import { isScenarioError } from '../../src/errors/index.js'
import { runScenario } from '../../src/runner/index.js'
import { Scenario } from '../../src/scenario/index.js'
import { scriptedModel } from '../../src/scripted-model/index.js'
import { defineTemplate } from '../../src/templates/index.js'

const DOCS = docsLine('docs/reference/errors.md#parse_failed')

async function errorOf(parse: (raw: string) => { dose: number }) {
  const template = defineTemplate({ schema: z.object({ dose: z.number() }), parse })
  const definition = new Scenario('s')
    .addNode('dose', { question: { question: 'Dose?', template } })
    .setEntry('dose')
    .validate()
  const result = await runScenario(definition, { model: scriptedModel(['ten']) })
  expect(result.status).toBe('error')
  return result.error
}

describe('a parse failure reads like a library error', () => {
  test('an answer that does not fit the schema: the node, the issues, the fix, the docs', async () => {
    const error = await errorOf((raw) => ({ dose: raw }) as never)
    expect(error).toMatchObject({ nodeId: 'dose', category: 'parsing', stage: 'parse' })
    expect(error?.message).toBe(
      [
        "[vitest-scenario] The answer of node 'dose' does not fit its template's schema",
        '  - dose: Invalid input: expected number, received string',
        "Compare the answer (the turn's rawResponse) with the schema: make the template's parse() return the schema's shape for such an answer, or loosen the schema where answers may differ (.nullable() for a field an answer may leave out, z.coerce.number() for a number written as text).",
        DOCS,
      ].join('\n'),
    )
    expect(isScenarioError(error?.cause) && error.cause.code).toBe('parse_failed')
  })

  test('a parse() that throws: what it threw, kept as the cause of the cause', async () => {
    const thrown = new Error('no number in the answer')
    const error = await errorOf(() => {
      throw thrown
    })
    expect(error?.message).toContain(
      "[vitest-scenario] The answer of node 'dose' could not be parsed with its template\n  - parse() threw: no number in the answer\n",
    )
    expect(error?.message.endsWith(`\n${DOCS}`)).toBe(true)
    expect((error?.cause as Error | undefined)?.cause).toBe(thrown)
  })
})
