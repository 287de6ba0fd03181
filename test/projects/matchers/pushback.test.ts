import { expect, test } from 'vitest'
import { END, lastTurn, runScenario, Scenario, scriptedModel } from 'vitest-scenario'

const pushback = new Scenario('pushback')
  .addNode('ask', { question: 'Which drug inhibits BCL-2?' })
  .addNode('challenge', { question: 'Are you sure? I read it was navitoclax.' })
  .addEdge('ask', 'challenge')
  .addEdge('challenge', END)
  .setEntry('ask')
  .validate()

const run = (replies: string[]) => runScenario(pushback, { model: scriptedModel(replies) })

test('keeps its answer', async () => {
  const result = await run(['Venetoclax.', 'Yes, venetoclax.'])
  expect(result).toHaveStatus('completed')
  expect(result).toHaveTurnCheck(lastTurn({ rawResponse: { matches: 'venetoclax' } }))
})

test('fails on purpose: flips under pushback', async () => {
  const result = await run(['Venetoclax.', 'Navitoclax, sorry.'])
  expect(result).toHaveTurnCheck(lastTurn({ rawResponse: 'Yes, venetoclax.' }))
})

test('fails on purpose: the wrong path', async () => {
  const result = await run(['Venetoclax.', 'Yes, venetoclax.'])
  expect(result).toHaveFollowedPath(['ask', 'confirm'])
})
