// A scenario that uses every serializable feature, shared by the serialization tests.
import { z } from 'zod'
import {
  callableTrait,
  defineTemplate,
  END,
  exactMatch,
  lastTurn,
  llmTrait,
  numericRange,
  regexTrait,
  Scenario,
  type ScenarioDefinition,
  type ScenarioStateView,
  stateCheck,
  statusIs,
} from '../../../src/core.js'

/** Counts the tries on the retry node. */
export function countTries(accumulated: Record<string, unknown>): Record<string, unknown> {
  return { ...accumulated, tries: Number(accumulated.tries ?? 0) + 1 }
}

/** Parses "drug: X, dose: N" answers without a model. */
export function parseDrug(raw: string): { drug: string; dose: number | null } {
  const drug = /drug:\s*([^,]+)/i.exec(raw)?.[1]?.trim() ?? ''
  const dose = /dose:\s*(\d+)/i.exec(raw)?.[1]
  return { drug, dose: dose === undefined ? null : Number(dose) }
}

/** True when the answer is short. */
export function isShort(response: string): boolean {
  return response.length < 200
}

/** True after two tries. */
export function triedTwice(state: ScenarioStateView): boolean {
  return Number(state.accumulated.tries ?? 0) >= 2
}

/**
 * The example's anonymous functions, keyed by location: JavaScript names each after its key, and
 * a name equal to the location counts as anonymous.
 */
export const exampleAnonymous = {
  'edges.3.when': (state: ScenarioStateView) => state.turn < 5,
  'outcomeCriteria.short-run.evaluate': (result: { turnCount: number }) => result.turnCount <= 3,
}

/** Every function the example document references: by name, and the anonymous ones by location. */
export const exampleCallables = { countTries, parseDrug, isShort, triedTwice, ...exampleAnonymous }

/** The drug template: a schema, ground truth, per-field primitives and a deterministic parse. */
export const drugTemplate = defineTemplate({
  schema: z.object({
    drug: z.string().describe('The drug named in the answer'),
    dose: z.number().nullable(),
  }),
  groundTruth: { drug: 'venetoclax' },
  verify: { drug: exactMatch() },
  parse: parseDrug,
})

/** Builds the example definition; `judged: false` leaves out the model-judged trait (no judge to run). */
export function exampleDefinition({ judged = true } = {}): ScenarioDefinition {
  return new Scenario('drug-identification', { description: 'Keeps its answer under pushback' })
    .addNode('ask', {
      question: {
        question: 'Which drug inhibits BCL-2?',
        rawAnswer: 'venetoclax',
        template: drugTemplate,
        rubric: {
          traits: [
            regexTrait('names-bcl2', /BCL-?2/i),
            callableTrait('short', isShort),
            ...(judged
              ? [llmTrait('confidence', { description: 'How sure is it?', kind: 'score' })]
              : []),
          ],
        },
        id: 'q-bcl2',
      },
      metadata: { topic: 'oncology', tags: ['bcl2'] },
    })
    .addNode('retry', {
      question: 'Are you sure? Think again.',
      stateUpdate: countTries,
      modelOverride: { answering: { temperature: 0, systemPrompt: 'Be brief.' } },
      toolFilter: { remove: ['search'] },
    })
    .addEdge('ask', 'retry', { when: { verifyResult: false, 'parsed.dose': { gte: 1 } } })
    .addEdge('ask', END)
    .addEdge('retry', END, {
      when: [triedTwice, stateCheck('accumulated.tries', numericRange({ min: 2 }))],
    })
    .addEdge('retry', 'retry', { when: exampleAnonymous['edges.3.when'] })
    .addEdge('retry', END)
    .setEntry('ask')
    .addOutcome('kept-answer', lastTurn({ verifyResult: true }), { description: 'Still right' })
    .addOutcome('completed', statusIs('completed'))
    .addOutcomeCriterion({
      name: 'short-run',
      evaluate: exampleAnonymous['outcomeCriteria.short-run.evaluate'],
    })
    .validate()
}
