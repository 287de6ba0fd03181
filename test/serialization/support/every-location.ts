// A definition with a function at every callable location of SPEC 13.29, and its functions.
import { z } from 'zod'
import {
  callableTrait,
  defineTemplate,
  END,
  Scenario,
  type ScenarioDefinition,
  type ScenarioStateView,
} from '../../../src/core.js'

/** `countTries`, one of the functions the definition references. */
export function countTries(accumulated: Record<string, unknown>) {
  return { ...accumulated, tries: Number(accumulated.tries ?? 0) + 1 }
}
/** `askAgain`, one of the functions the definition references. */
export function askAgain(state: ScenarioStateView) {
  return `Try ${state.turn}`
}
/** `parseAnswer`, one of the functions the definition references. */
export function parseAnswer(raw: string) {
  return { answer: raw }
}
/** `sameAnswer`, one of the functions the definition references. */
export function sameAnswer(parsed: { answer: string }) {
  return parsed.answer === 'yes'
}
/** `isShort`, one of the functions the definition references. */
export function isShort(response: string) {
  return response.length < 10
}
/** `isRetry`, one of the functions the definition references. */
export function isRetry(state: ScenarioStateView) {
  return state.verifyResult === false
}
/** `firstTurn`, one of the functions the definition references. */
export function firstTurn(state: ScenarioStateView) {
  return state.turn === 0
}
/** `judge`, one of the functions the definition references. */
export function judge() {
  return true
}
/** `agent`, the agent the definition answers with. */
export async function agent() {
  return 'yes'
}

/** The template schema. */
export const schema = z.object({ answer: z.string() })

/** A definition with a function at every location of SPEC 13.29. */
export function everyLocation(): ScenarioDefinition {
  return new Scenario('callables')
    .addNode('ask', {
      question: {
        question: askAgain,
        template: defineTemplate({ schema, parse: parseAnswer, verify: sameAnswer }),
        rubric: { traits: [callableTrait('short', isShort)] },
      },
      stateUpdate: countTries,
      modelOverride: { answering: agent },
    })
    .addEdge('ask', 'ask', { when: isRetry })
    .addEdge('ask', END, { when: [{ turn: 3 }, firstTurn] })
    .addEdge('ask', END)
    .setEntry('ask')
    .addOutcomeCriterion({ name: 'judged', evaluate: judge })
    .validate()
}
