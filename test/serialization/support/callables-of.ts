// The `callables` map that loads a document again with the functions of the definition it came from.
import type { ScenarioDefinition, ScenarioDocument } from '../../../src/core.js'
import { collectReferences } from './collect-references.js'

/** The function a definition holds at a callable location (SPEC 13.29). */
export function functionAt(definition: ScenarioDefinition, at: string): unknown {
  const edge = /^edges\.(\d+)\.when(?:\.(\d+))?$/.exec(at)
  if (edge !== null) {
    const when = definition.edges[Number(edge[1])]?.when
    return edge[2] === undefined ? when : (when as readonly unknown[])[Number(edge[2])]
  }
  const outcome = /^outcomeCriteria\.(.*)\.evaluate$/s.exec(at)
  if (outcome !== null)
    return definition.outcomeCriteria.find((c) => c.name === outcome[1])?.evaluate
  for (const id of definition.nodeIds) {
    if (!at.startsWith(`nodes.${id}.`)) continue
    const node = definition.nodes[id]
    const question = typeof node?.question === 'object' ? node.question : undefined
    const rest = at.slice(`nodes.${id}.`.length)
    const trait = /^question\.rubric\.traits\.(\d+)\.fn$/.exec(rest)
    if (trait !== null)
      return (question?.rubric?.traits[Number(trait[1])] as { fn?: unknown } | undefined)?.fn
    switch (rest) {
      case 'stateUpdate':
        return node?.stateUpdate
      case 'question.question':
        return question?.question
      case 'question.template.parse':
        return question?.template?.parse
      case 'question.template.verify':
        return question?.template?.verify
      case 'modelOverride.answering':
        return node?.modelOverride?.answering
    }
  }
  throw new Error(`no callable location ${at}`)
}

type Fn = (...args: never[]) => unknown

/**
 * The callables of a document, taken from `definition`: named ones by name (exercising lookup by
 * name), anonymous ones by location.
 */
export function callablesOf(
  definition: ScenarioDefinition,
  document: ScenarioDocument,
): Record<string, Fn> {
  const callables: Record<string, Fn> = {}
  for (const { callable, at } of collectReferences(document)) {
    const fn = functionAt(definition, at)
    if (typeof fn !== 'function') throw new Error(`no function at ${at}`)
    const key = callable === '' ? at : callable
    if (Object.hasOwn(callables, key) && callables[key] !== fn) {
      throw new Error(`two functions for '${key}': toJSON() should have written ''`)
    }
    callables[key] = fn as Fn
  }
  return callables
}
