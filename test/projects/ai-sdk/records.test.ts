import { expect } from 'vitest'
import { END, scenario } from 'vitest-scenario'
import { judgeModel, supportAgent } from './agent.js'

// Prints what the turn records hold, for the end-to-end test to read (recorded and replayed).
scenario(
  'prints the turn records',
  { model: supportAgent, parsingModel: judgeModel },
  (s) => {
    s.addNode('ask', { question: 'Where is my order 1042?' }).addEdge('ask', END).setEntry('ask')
  },
  async ({ run }) => {
    const result = await run()
    expect(result).toHaveStatus('completed')
    const turn = result.history[0]
    console.log(
      `[sample] ${JSON.stringify({
        replayed: result.usage.replayed === true,
        recordedMs: turn?.recordedDurationMs !== undefined,
        answering: turn?.usage.answering,
        toolCalls: turn?.toolCalls,
        messages: turn?.messages.length,
        rawResponse: turn?.rawResponse,
      })}`,
    )
  },
)
