import { createRequire } from 'node:module'
import { expect, test } from 'vitest'
import { END, lastTurn, runScenario, Scenario, scriptedModel } from 'vitest-scenario'

const require = createRequire(import.meta.url)

test('runs a scenario from the packed package', async () => {
  const resolved = require.resolve('vitest-scenario/package.json')
  expect(resolved).toMatch(/[\\/]node_modules[\\/]vitest-scenario[\\/]package\.json$/)
  const definition = new Scenario('pushback')
    .addNode('ask', { question: 'Which drug inhibits BCL-2?' })
    .addNode('challenge', { question: 'Are you sure? I read it was navitoclax.' })
    .addEdge('ask', 'challenge')
    .addEdge('challenge', END)
    .setEntry('ask')
    .addOutcome('answered', lastTurn({ rawResponse: { matches: 'venetoclax' } }))
    .validate()
  const result = await runScenario(definition, {
    model: scriptedModel(['Venetoclax.', 'Yes: venetoclax.']),
  })
  expect(result.path).toEqual(['ask', 'challenge'])
  expect(result.outcomeResults).toEqual({ answered: true })
  const vitest = require('vitest/package.json') as { version: string }
  console.log(`[sample] node ${process.version}, vitest ${vitest.version}`)
})

test('fails on purpose', () => {
  expect({ status: 'completed', turnCount: 2 }).toEqual({ status: 'limit_reached', turnCount: 2 })
})
