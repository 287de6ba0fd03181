// Plain test()s around runScenario, as a user writes them before adding the plugin: the matchers
// come with the import of vitest-scenario.
import { expect, test } from 'vitest'
import { END, lastTurn, runScenario, Scenario, scriptedModel } from 'vitest-scenario'

const definition = new Scenario('drug')
  .addNode('ask', { question: 'Which drug inhibits BCL-2?' })
  .addEdge('ask', END)
  .setEntry('ask')
  .validate()

test('the matchers work without the setup entry', async () => {
  const result = await runScenario(definition, { model: scriptedModel(['Venetoclax.']) })
  expect(result).toHaveStatus('completed')
  expect(result).toHaveTurnCheck(lastTurn({ rawResponse: { matches: 'Venetoclax' } }))
  expect(result).not.toHaveTurnCount(2)
})

test('fails on purpose: the message is the matcher’s', async () => {
  const result = await runScenario(definition, { model: scriptedModel(['Venetoclax.']) })
  expect(result).toHaveStatus('error')
})
