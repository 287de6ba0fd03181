// Which tools an assistant called, with which arguments, in which order.
//
// Ports vitest-evals' `ToolCallJudge({ expectedTools, ordered })` and promptfoo's
// `trajectory:tool-used` / `trajectory:tool-args-match` / `trajectory:tool-sequence` assertions,
// over a travel-booking assistant. What differs: the assistant is a model given `tool()`s over the
// OpenAI-compatible API and its calls are recorded (the tools run for real on replay); the checks
// are outcomes (`calledTool`, `toolTrajectory` in each mode) and matchers (`toHaveCalledTool`,
// `toHaveToolTrajectory`) over the calls of every turn or of one turn; and an edge routes on the
// tools a turn called (`when: { toolNames: { contains: 'searchFlights' } }`).
import { describe, expect } from 'vitest'
import {
  calledTool,
  END,
  type ModelConfig,
  type Scenario,
  scenario,
  tool,
  toolTrajectory,
  turnAt,
} from 'vitest-scenario'
import { z } from 'zod'

const flights = [
  { flightId: 'TP552', departs: '07:05', price: 129 },
  { flightId: 'LH1167', departs: '13:40', price: 164 },
]

const tools = {
  searchFlights: tool({
    description: 'Finds flights between two airports on a date.',
    parameters: z.object({
      from: z.string().describe('IATA code of the departure airport.'),
      to: z.string().describe('IATA code of the arrival airport.'),
      date: z.string().describe('YYYY-MM-DD.'),
    }),
    execute: ({ from, to }) => (from === 'LIS' && to === 'BER' ? { flights } : { flights: [] }),
  }),
  bookFlight: tool({
    description: 'Books a seat on a flight found by searchFlights.',
    parameters: z.object({ flightId: z.string() }),
    execute: ({ flightId }) =>
      flights.some((f) => f.flightId === flightId)
        ? { bookingRef: 'X7K2QP', flightId }
        : { error: `No flight ${flightId}` },
  }),
  sendConfirmation: tool({
    description: 'Emails the booking confirmation.',
    parameters: z.object({ email: z.string(), bookingRef: z.string() }),
    execute: () => ({ sent: true }),
  }),
  cancelBooking: tool({
    description: 'Cancels a booking.',
    parameters: z.object({ bookingRef: z.string() }),
    execute: () => ({ cancelled: true }),
  }),
}

const travel = (s: Scenario) =>
  s
    .addNode('search', {
      question: 'Find me a flight from Lisbon to Berlin on 12 December 2026.',
    })
    .addNode('book', {
      question: 'The morning one, please. Send the confirmation to ana@example.com.',
    })
    // Booking only follows a turn that searched; an assistant that did not search ends the run.
    .addEdge('search', 'book', { when: { toolNames: { contains: 'searchFlights' } } })
    .addEdge('search', END)
    .addEdge('book', END)
    .setEntry('search')
    // vitest-evals ToolCallJudge({ ordered: true }) / promptfoo trajectory:tool-sequence
    .addOutcome('in order', toolTrajectory(['searchFlights', 'bookFlight', 'sendConfirmation']))
    // ToolCallJudge({ ordered: false })
    .addOutcome(
      'all three, any order',
      toolTrajectory(['sendConfirmation', 'searchFlights', 'bookFlight'], { mode: 'unordered' }),
    )
    // Nothing beyond the travel tools it needs (each used at most once).
    .addOutcome(
      'no stray calls',
      toolTrajectory(['searchFlights', 'bookFlight', 'sendConfirmation', 'cancelBooking'], {
        mode: 'subset',
      }),
    )
    // promptfoo trajectory:tool-args-match: partial arguments, a RegExp searched in a string.
    .addOutcome(
      'searched the right route',
      calledTool('searchFlights', {
        args: { from: 'LIS', to: 'BER', date: /^2026-12-12$/ },
        times: 1,
      }),
    )
    .addOutcome(
      'booked and confirmed',
      toolTrajectory([{ name: 'bookFlight', args: { flightId: 'TP552' } }, 'sendConfirmation'], {
        mode: 'superset',
        scope: turnAt(-1),
      }),
    )
    .addOutcome('never cancelled', calledTool('cancelBooking', { times: 0 }))

const model = (name: string): ModelConfig => ({ model: name, temperature: 0 })

describe('tool trajectory', () => {
  scenario(
    'the assistant searches, books and confirms',
    { model: model('travel-model') },
    travel,
    async ({ run }) => {
      const result = await run({ tools })
      expect(result).toHaveFollowedPath(['search', 'book'])
      expect(result.history.map((turn) => turn.toolNames)).toEqual([
        ['searchFlights'],
        ['bookFlight', 'sendConfirmation'],
      ])
      expect(result).toHaveCalledTool('searchFlights', { to: 'BER', date: /-12-12$/ }, { turn: 0 })
      expect(result).toHaveCalledTool('sendConfirmation', { email: /@example\.com$/ }, { times: 1 })
      expect(result).toHaveToolTrajectory(['bookFlight', 'sendConfirmation'], { turn: -1 })
      expect(result).toHaveToolTrajectory(['searchFlights', 'bookFlight'], { mode: 'superset' })
      // Strict order: booking before searching is not what happened.
      expect(result).not.toHaveToolTrajectory(['bookFlight', 'searchFlights', 'sendConfirmation'])
      expect(result).not.toHaveCalledTool('bookFlight', { flightId: 'LH1167' })
    },
  )

  // A model that books a flight it never searched for: the edge does not take it to `book`, and
  // the outcomes say what went wrong (asserted in the body, so the automatic assertion is off).
  scenario(
    'a hasty assistant books without searching',
    { model: model('hasty-travel-model'), assertOutcomes: false },
    travel,
    async ({ run }) => {
      const result = await run({ tools })
      expect(result).toHaveFollowedPath(['search'])
      expect(result.stopReason).toBe('end')
      expect(result).toHaveToolTrajectory(['bookFlight'])
      expect(result).not.toHaveCalledTool('searchFlights')
      expect(result.outcomeResults).toMatchObject({
        'in order': false,
        'all three, any order': false,
        'no stray calls': true,
        'searched the right route': false,
        'booked and confirmed': false,
        'never cancelled': true,
      })
    },
  )
})
