import type { ScenarioState } from '../../src/state/types.js'

/** A scenario state for tests: the first turn at `ask`, with any fields replaced. */
export function makeState(fields: Partial<ScenarioState> = {}): ScenarioState {
  return {
    turn: 0,
    currentNode: 'ask',
    verifyResult: null,
    parsed: {},
    nodeVisits: {},
    history: [],
    accumulated: {},
    toolCalls: [],
    toolNames: [],
    agents: [],
    guardrail: null,
    nodeResults: {},
    ...fields,
  }
}
