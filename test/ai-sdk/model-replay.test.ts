import { createOpenAI } from '@ai-sdk/openai'
import { expect, test } from 'vitest'
import { aiSdkModel } from '../../src/ai-sdk/index.js'
import { END, runScenario, Scenario } from '../../src/core.js'
import { memoryStore, RecordingSession, recordingFetch } from '../../src/host.js'
import { useScriptedServer } from '../models/server-fixture.js'

// aiSdkModel's calls recorded through the provider's `fetch`, then replayed: the recorded latency
// reaches the turn as data (the session's answer, left on the call's signal), not as a header.

const { server } = useScriptedServer()
const store = memoryStore()
const session = (mode: 'new' | 'replay') =>
  new RecordingSession({
    file: '/rec/ai-sdk-model.json',
    displayFile: 'ai-sdk-model.json',
    test: 'aiSdkModel replays',
    mode,
    command: 'npx vitest run -u',
    store,
  })

test('a replayed aiSdkModel call marks its turn replayed with the recorded latency', async () => {
  server().reply({ content: 'Venetoclax.' })
  const definition = new Scenario('one')
    .addNode('ask', { question: 'Which drug inhibits BCL-2?' })
    .addEdge('ask', END)
    .setEntry('ask')
    .validate()
  const run = async (recording: RecordingSession) => {
    const fetch = recordingFetch({
      recording,
      baseURL: () => server().baseURL,
      live: (input, init) => globalThis.fetch(input, init),
    })
    const model = aiSdkModel(
      createOpenAI({ baseURL: server().baseURL, apiKey: 'test-key-fake', fetch }).chat('m'),
    )
    const result = await runScenario(definition, { model, recording })
    await recording.finish(false)
    return result
  }
  const live = await run(session('new'))
  expect(live.status, JSON.stringify(live.error)).toBe('completed')
  expect(live.usage.replayed).not.toBe(true)
  const requests = server().requests.length
  const replayed = await run(session('replay'))
  expect(replayed.status, JSON.stringify(replayed.error)).toBe('completed')
  expect(server().requests.length).toBe(requests)
  expect(replayed.history[0]?.rawResponse).toBe('Venetoclax.')
  expect(replayed.history[0]?.usage.replayed).toBe(true)
})
