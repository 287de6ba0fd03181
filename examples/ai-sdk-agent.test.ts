// An agent built with the Vercel AI SDK as the app under test (vitest-scenario/ai-sdk): its
// `generateText` tool loop answers each turn, its model calls go through `recordedFetch` (recorded,
// then replayed from fixtures/), and an AI SDK model judges the conversation.
import { createOpenAI } from '@ai-sdk/openai'
import { tool } from 'ai'
import { expect } from 'vitest'
import { calledTool, END, judge, recordedFetch, scenario, toolTrajectory } from 'vitest-scenario'
import { aiSdkAgent, aiSdkModel } from 'vitest-scenario/ai-sdk'
import { z } from 'zod'

// The AI SDK reads OPENAI_BASE_URL as the openai SDK does; replaying needs no key.
const openai = createOpenAI({
  apiKey: process.env.OPENAI_API_KEY ?? 'replay-only',
  fetch: recordedFetch,
})

const strongCyp3aInhibitors = ['ketoconazole', 'itraconazole', 'clarithromycin', 'ritonavir']

const checkInteraction = tool({
  description: 'Checks whether a drug interacts with one the patient takes, and how severely.',
  inputSchema: z.object({
    drug: z.string().describe('The drug the patient takes.'),
    other: z.string().describe('The drug to add.'),
  }),
  execute: async ({ drug, other }) =>
    drug === 'venetoclax' && strongCyp3aInhibitors.includes(other)
      ? { severity: 'major', reason: `${other} strongly inhibits CYP3A, which clears ${drug}` }
      : { severity: 'none' },
})

const pharmacist = aiSdkAgent({
  model: openai.chat('pharmacy-model'),
  system: 'You are a clinical pharmacist. Check interactions with the tool before you answer.',
  tools: { checkInteraction },
})

scenario(
  'an AI SDK agent checks each interaction with its tool',
  { model: pharmacist, parsingModel: aiSdkModel(openai.chat('judge-model')) },
  (s) => {
    s.addNode('ketoconazole', {
      question: 'My patient takes venetoclax. Is it safe to add ketoconazole?',
    })
      .addNode('azithromycin', { question: 'And azithromycin instead?' })
      .addEdge('ketoconazole', 'azithromycin')
      .addEdge('azithromycin', END)
      .setEntry('ketoconazole')
      .addOutcome(
        'checked ketoconazole',
        calledTool('checkInteraction', { args: { other: 'ketoconazole' } }),
      )
      .addOutcome(
        'one check per question',
        toolTrajectory(['checkInteraction', 'checkInteraction']),
      )
      .addOutcome('warns', judge(['The assistant warns that ketoconazole and venetoclax interact']))
  },
  async ({ run }) => {
    const result = await run()
    expect(result).toHaveStatus('completed')
    expect(result).toHaveCalledTool('checkInteraction', { other: 'azithromycin' }, { turn: 1 })
    const [first, second] = result.history
    // The tool's result, as the AI SDK gave it to the model, is on the turn record.
    expect(first?.toolCalls[0]?.result).toEqual({
      severity: 'major',
      reason: 'ketoconazole strongly inhibits CYP3A, which clears venetoclax',
    })
    expect(second?.rawResponse).toMatch(/no interaction/i)
    // The agent's tokens over its steps (a tool round and the answer), from the AI SDK's usage.
    expect(first?.usage.answering.input).toBeGreaterThan(0)
  },
)
