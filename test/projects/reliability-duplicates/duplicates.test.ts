import { describe, expect, test } from 'vitest'
import { END, type Scenario, type ScenarioExecutionResult, scenario } from 'vitest-scenario'

// Two tests with one full name would share one recording: each would replay (or overwrite) the
// other's conversation. Both fail, with the name, the file and the fix; the rest is untouched.

const ask = (question: string) => (s: Scenario) => {
  s.addNode('ask', { question }).addEdge('ask', END).setEntry('ask')
}
const body = async ({ run }: { run: () => Promise<ScenarioExecutionResult> }) => {
  const result = await run()
  expect(result.status).toBe('completed')
}

describe('pushback', () => {
  // The same full name, different conversations: the copy-paste slip this catches.
  scenario('keeps its answer', ask('Which drug inhibits BCL-2?'), body)
  scenario('keeps its answer', ask('Which drug inhibits BTK?'), body)
})

// `.each` without the row in the title gives every row the same name.
scenario.each(['imatinib', 'osimertinib'])(
  'asks about a drug',
  (s, drug) => ask(`What is ${drug}?`)(s),
  body,
)

// A name of its own: a skipped copy does not run, so it does not count.
scenario('has a name of its own', ask('Which drug inhibits EGFR?'), body)
scenario.skip('has a name of its own', ask('Never asked.'), body)

// Tests that make no model call use no recording: their shared name harms nothing.
test('a plain test', () => {
  expect(1).toBe(1)
})
test('a plain test', () => {
  expect(2).toBe(2)
})
