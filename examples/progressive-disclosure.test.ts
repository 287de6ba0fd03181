// Progressive disclosure: facts about a drug are revealed one turn at a time, and the model is
// asked each time which drug it is and how sure it is. The question is a function of the state
// (the clue to reveal, the model's last guess), and a `stateUpdate` keeps every guess.
import { describe, expect } from 'vitest'
import {
  countTurns,
  defineTemplate,
  END,
  exactMatch,
  lastTurn,
  type Scenario,
  type ScenarioStateView,
  scenario,
} from 'vitest-scenario'
import { z } from 'zod'

const clues = [
  'I am thinking of an oral small-molecule drug used in blood cancers.',
  'It kills cancer cells by mimicking BH3-only proteins, which starts apoptosis.',
  'It binds BCL2 selectively and spares BCL-XL, so platelets barely drop; it is approved for CLL and AML.',
]

const guess = defineTemplate({
  schema: z.object({
    drug: z.string().describe('The drug the response names as its guess: generic name, lowercase.'),
    sure: z.boolean().describe('The response says it is sure of its guess.'),
  }),
  groundTruth: { drug: 'venetoclax' },
  verify: { drug: exactMatch() },
})

/** The guesses so far, which `stateUpdate` keeps in `accumulated` (its only writer). */
const guessesSoFar = (state: ScenarioStateView): readonly string[] =>
  (state.accumulated.guesses as readonly string[] | undefined) ?? []

/** Rendered when the turn starts: the next clue, and what the model said last. */
function nextClue(state: ScenarioStateView): string {
  const said = guessesSoFar(state)
  const clue = clues[said.length] ?? clues.at(-1)
  const ask = 'Which drug is it? Give your best guess and say how sure you are.'
  return said.length === 0
    ? `${clue} ${ask}`
    : `You guessed ${said.at(-1)}. Another clue: ${clue} ${ask}`
}

function identifyFromClues(s: Scenario) {
  return (
    s
      .addNode('clue', {
        question: { question: nextClue, template: guess },
        stateUpdate: (accumulated, parsed) => ({
          guesses: [...((accumulated.guesses as string[] | undefined) ?? []), String(parsed.drug)],
        }),
      })
      // Stop once the model is right and sure of it…
      .addEdge('clue', END, { when: { verifyResult: true, 'parsed.sure': true } })
      // …else reveal the next clue while there is one.
      .addEdge('clue', 'clue', { when: (state) => guessesSoFar(state).length < clues.length })
      .addEdge('clue', END)
      .setEntry('clue')
      .addOutcome('ends_on_venetoclax', lastTurn({ 'parsed.drug': 'venetoclax' }))
      // The escape hatch for a rule the declarative checks do not express.
      .addOutcomeCriterion({
        name: 'never_sure_and_wrong',
        description: 'The model never claimed to be sure of a wrong drug',
        evaluate: (result) =>
          result.history.every(
            (turn) => turn.verifyResult === true || turn.parsedFields.sure !== true,
          ),
      })
      .addOutcome('clues_needed', countTurns({ node: 'clue' }))
  )
}

const model = (name: string) => ({ model: name, temperature: 0 })

describe('progressive disclosure', () => {
  scenario(
    'the model under test waits for the decisive clue',
    identifyFromClues,
    async ({ run }) => {
      const result = await run()
      expect(result).toHaveStatus('completed')
      expect(result).toHaveTurnCount(3)
      expect(result).toHaveTurnCheck(lastTurn({ 'parsed.drug': 'venetoclax', 'parsed.sure': true }))
      expect(result.finalState.accumulated).toEqual({
        guesses: ['ibrutinib', 'navitoclax', 'venetoclax'],
      })
      expect(result.history[1]?.questionText).toMatch(/^You guessed ibrutinib\. Another clue: /)
      expect(result.outcomeResults.clues_needed).toBe(3)
    },
  )

  scenario(
    'a hasty model is sure before it has the facts',
    { model: model('hasty-model'), assertOutcomes: false },
    identifyFromClues,
    async ({ run }) => {
      const result = await run()
      expect(result).toHaveStatus('completed')
      expect(result).toHaveTurnCount(2)
      expect(result.finalState.accumulated).toEqual({ guesses: ['imatinib', 'venetoclax'] })
      expect(result).toPassOutcomes(['ends_on_venetoclax'])
      expect(result).not.toPassOutcomes(['never_sure_and_wrong'])
    },
  )
})
