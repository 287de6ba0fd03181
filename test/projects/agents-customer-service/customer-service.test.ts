import { END, scenario } from 'vitest-scenario'
import { openAIAgent } from 'vitest-scenario/openai-agents'
import { type AirlineContext, runner, triage } from './airline.js'

// Three user turns with one openAIAgent: triage hands off once, the next turns continue with the
// seat booking agent, and the context the tool writes is the one the test holds.
const context: AirlineContext = {}

scenario(
  'a seat change is handed off once and continued by the seat booking agent',
  { model: openAIAgent(triage, { runner, context }) },
  (s) =>
    s
      .addNode('ask', { question: 'I would like to change my seat.' })
      .addNode('booking', { question: 'Confirmation ABC123, seat 14C please.' })
      .addNode('check', { question: 'Which seat do I have now?' })
      .addEdge('ask', 'booking')
      .addEdge('booking', 'check')
      .addEdge('check', END)
      .setEntry('ask'),
  async ({ run, expect }) => {
    const result = await run()
    expect(result).toHaveStatus('completed')
    expect(result.history.map((turn) => turn.agents)).toEqual([
      ['Triage Agent', 'Seat Booking Agent'],
      ['Seat Booking Agent'],
      ['Seat Booking Agent'],
    ])
    expect(result).toHaveCalledTool('transfer_to_Seat_Booking_Agent', {}, { times: 1 })
    expect(result).toHaveCalledTool('update_seat', { confirmationNumber: 'ABC123', newSeat: '14C' })
    expect(context).toEqual({ confirmationNumber: 'ABC123', seatNumber: '14C' })
    expect(result.history[2]?.rawResponse).toBe('You are in seat 14C.')
    console.log(
      `[sample] customer-service agents=${result.history.map((t) => t.agents?.join('>')).join('|')} context=${JSON.stringify(context)} replayed=${result.usage.replayed === true}`,
    )
  },
)
