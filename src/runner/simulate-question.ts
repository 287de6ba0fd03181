import type { ReplayTally } from '../models/chat-completion.js'
import type { ScenarioNode } from '../scenario/index.js'
import { getOwn } from '../state/own-keys.js'
import type { Simulator } from './node-sides.js'
import type { RunContext } from './run-context.js'
import { type SimulatedStep, simulateUserTurn } from './simulate-user-turn.js'

/**
 * The question of a node whose simulated user writes it: one model call over the conversation so
 * far (the seed included), or its `opening` on the node's first visit. The step carries the
 * user's `goalReached` and the call's tokens (`usage.simulating`) to the turn's record.
 */
export function simulateQuestion(
  run: RunContext,
  node: ScenarioNode,
  simulator: Simulator,
  replay: ReplayTally,
): Promise<SimulatedStep> {
  return simulateUserTurn(simulator.user, {
    model: simulator.model,
    transcript: run.transcript,
    firstVisit: (getOwn(run.view.nodeVisits, node.id) ?? 0) === 0,
    signal: run.signal,
    calls: run.options.calls,
    replay,
  })
}
