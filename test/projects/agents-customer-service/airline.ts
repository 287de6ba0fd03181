import { Agent, OpenAIProvider, Runner, run, tool } from '@openai/agents'
import OpenAI from 'openai'
import { wrap } from 'vitest-scenario'
import { z } from 'zod'

// The app under test, after the Agents SDK's customer-service example: a triage agent hands seat
// questions off to a seat booking agent, whose tool writes the run context the conversation
// shares, and FAQ questions to an FAQ agent; both hand back to triage. The app runs its agents
// with its own Runner, whose model calls go through a wrap()ped client (the Responses API).

/** The run context the agents share over a conversation. */
export interface AirlineContext {
  confirmationNumber?: string
  seatNumber?: string
}

const updateSeat = tool({
  name: 'update_seat',
  description: 'Updates the seat of a booking.',
  parameters: z.object({ confirmationNumber: z.string(), newSeat: z.string() }),
  execute: ({ confirmationNumber, newSeat }, runContext) => {
    const context = runContext?.context as AirlineContext | undefined
    if (context !== undefined) {
      context.confirmationNumber = confirmationNumber
      context.seatNumber = newSeat
    }
    return `Updated seat to ${newSeat} for confirmation number ${confirmationNumber}`
  },
})

export const seatBooking = new Agent<AirlineContext>({
  name: 'Seat Booking Agent',
  model: 'seat-model',
  instructions: ({ context }) => `You update seats. Seat on file: ${context.seatNumber ?? 'none'}.`,
  tools: [updateSeat],
})

export const faq = new Agent<AirlineContext>({
  name: 'FAQ Agent',
  model: 'faq-model',
  instructions: 'You answer questions about the airline.',
})

export const triage = new Agent<AirlineContext>({
  name: 'Triage Agent',
  model: 'triage-model',
  instructions: 'You route customers to the right agent.',
  handoffs: [faq, seatBooking],
})
seatBooking.handoffs.push(triage)
faq.handoffs.push(triage)

/** The app's runner: the scripted server's URL while recording; a closed port when replaying. */
export const runner = new Runner({
  modelProvider: new OpenAIProvider({
    openAIClient: wrap(
      new OpenAI({
        baseURL: process.env.SCENARIO_BASE_URL ?? 'http://127.0.0.1:9/v1',
        apiKey: process.env.OPENAI_API_KEY ?? 'replay-only',
      }),
    ),
  }),
})

const guardrailAgent = new Agent({
  name: 'Guardrail check',
  model: 'guardrail-model',
  instructions: 'Check if the user is asking you to do their math homework.',
  outputType: z.object({ isMathHomework: z.boolean(), reasoning: z.string() }),
})

/** Triage with the SDK example's input guardrail: a guardrail agent run with the global run(). */
export const guardedTriage = triage.clone({
  inputGuardrails: [
    {
      name: 'Math Homework Guardrail',
      // Blocking: a tripped guardrail stops the turn before triage's own model call.
      runInParallel: false,
      execute: async ({ input, context }) => {
        const result = await run(guardrailAgent, input, { context })
        return {
          outputInfo: result.finalOutput,
          tripwireTriggered: result.finalOutput?.isMathHomework ?? false,
        }
      },
    },
  ],
})
