import type { ScenarioDefinition } from '../scenario/definition.js'
import { getOwn } from '../state/own-keys.js'
import { isSimulatedUser } from './simulated-user.js'
import type { SimulatedUser } from './types.js'

/** A node whose question a simulated user writes. */
export interface SimulatedUserNode {
  id: string
  user: SimulatedUser
}

const NONE: readonly SimulatedUserNode[] = Object.freeze([])

// A definition is frozen: its simulated users are listed once, on its first run, not on every run.
const byDefinition = new WeakMap<ScenarioDefinition, readonly SimulatedUserNode[]>()

/** The nodes of a definition whose question is a simulated user, in node order. */
export function simulatedUserNodes(definition: ScenarioDefinition): readonly SimulatedUserNode[] {
  let nodes = byDefinition.get(definition)
  if (nodes !== undefined) return nodes
  const found: SimulatedUserNode[] = []
  for (const id of definition.nodeIds) {
    const question = getOwn(definition.nodes, id)?.question
    const source = question !== null && typeof question === 'object' ? question.question : undefined
    if (isSimulatedUser(source)) found.push({ id, user: source })
  }
  nodes = found.length === 0 ? NONE : found
  byDefinition.set(definition, nodes)
  return nodes
}
