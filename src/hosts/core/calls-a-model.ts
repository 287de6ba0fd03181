import { isPlainObject } from '../../internal/is-plain-object.js'
import type { OutcomeCheck } from '../../outcomes/types.js'
import { isScenarioDefinition, type ScenarioDefinition } from '../../scenario/index.js'
import { isSimulatedUser } from '../../simulated-user/simulated-user.js'

/**
 * Whether a run of `definition` with `options` names a model anywhere — the answering side, the
 * parsing model, the simulated users' model, a node's override, a judge's own model — so it may
 * call one, which a host must be able to record and replay. A run whose only answering side is
 * an agent function (with no model named anywhere) calls nothing the library can record: the
 * agent's own calls go through `wrap()` or `recordedFetch`, which check on their own. Read
 * without throwing: options runScenario will reject are left to its own messages (`false`).
 */
export function callsAModel(definition: unknown, options: unknown): boolean {
  if (!isPlainObject(options)) return false
  if (isModelConfig(options.model)) return true
  if (options.parsingModel !== undefined || options.userModel !== undefined) return true
  return isScenarioDefinition(definition) && definitionNamesAModel(definition)
}

// A definition is frozen: what it names is found once.
const named = new WeakMap<ScenarioDefinition, boolean>()

function definitionNamesAModel(definition: ScenarioDefinition): boolean {
  let found = named.get(definition)
  if (found === undefined) {
    found =
      Object.values(definition.nodes).some(
        (node) =>
          isModelConfig(node.modelOverride?.answering) ||
          node.modelOverride?.parsing !== undefined ||
          simulatedUserModel(node.question),
      ) || definition.outcomeCriteria.some((c) => c.check !== undefined && hasJudgeModel(c.check))
    named.set(definition, found)
  }
  return found
}

/** Whether a node's question is (or holds) a simulated user with a model of its own. */
function simulatedUserModel(question: unknown): boolean {
  const user = isPlainObject(question) && !isSimulatedUser(question) ? question.question : question
  return isSimulatedUser(user) && user.model !== undefined
}

/** A model config (an object), as opposed to an agent function. */
function isModelConfig(value: unknown): boolean {
  return typeof value === 'object' && value !== null
}

function hasJudgeModel(check: OutcomeCheck): boolean {
  switch (check.type) {
    case 'Judge':
      return check.model !== undefined
    case 'AllOf':
    case 'AnyOf':
    case 'AtLeastN':
      return check.conditions.some(hasJudgeModel)
    default:
      return false
  }
}
