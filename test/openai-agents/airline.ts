import { Agent, run, tool } from '@openai/agents'
import { z } from 'zod'
import type { ReceivedRequest, ScriptedReply } from '../support/openai-server/index.js'
import { latest } from './support.js'

// The Agents SDK's customer-service example, as the tests of continuation and guardrails use it:
// a triage agent hands seat questions off to a seat booking agent (whose tool writes the shared
// run context) and FAQ questions to an FAQ agent, both of which can hand back to triage; the
// scripted model behind them speaks the Responses API (the SDK's default).

/** The run context the agents share over a conversation, as the SDK's example has it. */
export interface AirlineContext {
  confirmationNumber?: string
  seatNumber?: string
}

/** The handoff tool names the SDK gives the agents (`transfer_to_<name>`). */
export const TO_SEATS = 'transfer_to_Seat_Booking_Agent'
export const TO_FAQ = 'transfer_to_FAQ_Agent'

/** Builds the three agents (fresh per test), with the handoffs back to triage set afterwards. */
export function airlineAgents() {
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
  const seats = new Agent<AirlineContext>({
    name: 'Seat Booking Agent',
    model: 'seat-model',
    instructions: ({ context }) =>
      `You update seats. Seat on file: ${context.seatNumber ?? 'none'}.`,
    tools: [updateSeat],
  })
  const faq = new Agent<AirlineContext>({
    name: 'FAQ Agent',
    model: 'faq-model',
    instructions: 'You answer questions about the airline.',
  })
  const triage = new Agent<AirlineContext>({
    name: 'Triage Agent',
    model: 'triage-model',
    instructions: 'You route customers to the right agent.',
    handoffs: [faq, seats],
  })
  // As the SDK's example does: the specialists hand back to triage (a cycle of handoffs).
  seats.handoffs.push(triage)
  faq.handoffs.push(triage)
  return { triage, seats, faq }
}

/** What the guardrail agent decides about a question. */
const MathOutput = z.object({ isMathHomework: z.boolean(), reasoning: z.string() })

/**
 * An input guardrail as the SDK's example `input-guardrails.ts` writes it: a guardrail agent run
 * with the global `run()` (the SDK's default runner and client), blocking (`runInParallel:
 * false`), so a tripped guardrail stops the turn before the agent's own model call.
 */
export function mathGuardrail() {
  const guardrailAgent = new Agent({
    name: 'Guardrail check',
    model: 'guardrail-model',
    instructions: 'Check if the user is asking you to do their math homework.',
    outputType: MathOutput,
  })
  return {
    name: 'Math Homework Guardrail',
    runInParallel: false,
    execute: async ({ input, context }: { input: unknown; context: unknown }) => {
      const result = await run(guardrailAgent, input as string, {
        context: context as Record<string, unknown>,
      })
      return {
        outputInfo: result.finalOutput,
        tripwireTriggered: result.finalOutput?.isMathHomework ?? false,
      }
    },
  }
}

const usage = { promptTokens: 30, completionTokens: 6, cachedTokens: 0 }

/** Whether the request offers the model a tool of that name (Responses or Chat Completions). */
function offers(body: unknown, name: string): boolean {
  const { tools } = body as { tools?: { name?: string; function?: { name?: string } }[] }
  return (tools ?? []).some((t) => (t.name ?? t.function?.name) === name)
}

/**
 * The airline's model, told apart by the request's `model`: triage hands seat questions to the
 * seat booking agent and baggage or wifi questions to FAQ (or, offered the FAQ agent as the tool
 * `ask_faq`, asks it and answers with what it said); the seat booking agent asks for the
 * booking, updates the seat when given a confirmation number and a seat, and answers which seat
 * is on file from its instructions (which read the shared context); the guardrail agent flags
 * arithmetic.
 */
export function playAirline(request: ReceivedRequest): ScriptedReply {
  const body = request.body as { model?: string; instructions?: string }
  const last = latest(request.body)
  const asked = last.role === 'user' ? last.text : ''
  switch (body.model) {
    case 'guardrail-model': {
      const math = /\d+\s*[-+*/x]\s*\d+|solve/i.test(asked)
      const reasoning = math ? 'The user asks to solve an equation.' : 'Not math homework.'
      return { json: { isMathHomework: math, reasoning }, usage }
    }
    case 'triage-model':
      if (offers(request.body, 'ask_faq')) {
        if (last.role === 'tool') return { content: `The FAQ says: ${last.text}`, usage }
        return {
          toolCalls: [{ id: 'call_ask', name: 'ask_faq', arguments: { input: asked } }],
          usage,
        }
      }
      if (/seat/i.test(asked))
        return { toolCalls: [{ id: 'call_seats', name: TO_SEATS, arguments: {} }], usage }
      if (/bag|wifi/i.test(asked))
        return { toolCalls: [{ id: 'call_faq', name: TO_FAQ, arguments: {} }], usage }
      return { content: 'How can I help with your flight?', usage }
    case 'faq-model':
      return { content: 'You may bring one bag of up to 23 kg.', usage }
    case 'seat-model': {
      if (last.role === 'tool' && last.text.startsWith('Updated')) {
        return { content: `Done: ${last.text}.`, usage }
      }
      const booking = /\b([A-Z]{3}\d{3})\b.*?\b(\d{1,2}[A-F])\b/.exec(asked)
      if (booking !== null) {
        const [, confirmationNumber, newSeat] = booking
        return {
          toolCalls: [
            { id: 'call_update', name: 'update_seat', arguments: { confirmationNumber, newSeat } },
          ],
          usage,
        }
      }
      const onFile = /Seat on file: (\w+)\./.exec(body.instructions ?? '')?.[1]
      if (/which seat/i.test(asked)) return { content: `You are in seat ${onFile}.`, usage }
      return {
        content: 'Sure. What is your confirmation number, and which seat would you like?',
        usage,
      }
    }
    default:
      return { status: 400, message: `playAirline: no model '${body.model}'` }
  }
}
