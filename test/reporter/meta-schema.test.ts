import { expect, test } from 'vitest'
import { statusIs } from '../../src/core.js'
import { scenarioMetaSchema } from '../../src/host.js'
import { readScenarioMeta } from '../../src/hosts/core/meta/read-meta.js'
import { scenarioMeta } from '../../src/hosts/core/meta/scenario-meta.js'
import { runScenario } from '../../src/runner/index.js'
import { END, Scenario } from '../../src/scenario/index.js'
import { scriptedModel } from '../../src/scripted-model/index.js'

// The promise: the meta a scenario test writes is one zod schema's output, and the reporter reads
// it with that schema: texts and names go through the reader's rewrite (masking), the words the
// library writes itself (statuses, categories, verdicts) do not, and a name such as `__proto__`
// stays an entry on the way through.

async function meta() {
  const definition = new Scenario('asks politely')
    .addNode('ask', { question: 'Capital of France?' })
    .addEdge('ask', END)
    .setEntry('ask')
    .addOutcome('__proto__', statusIs('completed'))
    .addOutcome('answered', statusIs('error'))
    .validate()
  const result = await runScenario(definition, { model: scriptedModel(['Paris.']) })
  result.outcomeErrors = { answered: { category: 'connection', message: 'reset' } }
  return JSON.parse(JSON.stringify(scenarioMeta(definition, [result])))
}

test('what the writer writes, the schema parses as it is', async () => {
  const written = await meta()
  expect(scenarioMetaSchema.parse(written)).toEqual(written)
})

test('the reader rewrites texts and names, never the library’s own words', async () => {
  const reading = readScenarioMeta(await meta(), (text) => text.toUpperCase())
  if (!reading.ok) throw new Error(reading.problem)
  const [run] = reading.meta.runs
  expect(reading.meta.name).toBe('ASKS POLITELY')
  expect(reading.meta.graph.nodes).toEqual(['ASK'])
  expect(run?.turns[0]?.answer).toBe('PARIS.')
  expect(run?.status).toBe('completed')
  expect(Object.keys(run?.outcomes ?? {})).toEqual(['__PROTO__', 'ANSWERED'])
  expect(run?.outcomeErrors?.ANSWERED).toEqual({ category: 'connection', message: 'RESET' })
})

test('an outcome named __proto__ stays an entry, never a prototype', async () => {
  const reading = readScenarioMeta(await meta())
  if (!reading.ok) throw new Error(reading.problem)
  const outcomes = reading.meta.runs[0]?.outcomes ?? {}
  expect(Object.keys(outcomes)).toEqual(['__proto__', 'answered'])
  expect(Object.getOwnPropertyDescriptor(outcomes, '__proto__')?.value).toBe(true)
  expect(Object.getPrototypeOf(outcomes)).toBe(Object.prototype)
})

test('a name too long to be one is refused, naming where it is', async () => {
  const written = await meta()
  written.runs[0].reasons = { ['x'.repeat(10_001)]: 'why' }
  expect(readScenarioMeta(written)).toEqual({
    ok: false,
    problem: 'runs.0.reasons: a name of 10001 characters, longer than 10000',
  })
})
