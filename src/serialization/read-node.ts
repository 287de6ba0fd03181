import { describeValue } from '../internal/describe-value.js'
import type { AgentFunction, ModelConfig, ModelOverride } from '../models/types.js'
import { isPlainObject } from '../primitives/index.js'
import type { NodeSpec, Question, QuestionText, StateUpdate } from '../scenario/types.js'
import { simulatedUser } from '../simulated-user/simulated-user.js'
import type { SimulatedUser, SimulatedUserOptions } from '../simulated-user/types.js'
import { atLocation, checkKeys, invalid } from './document-errors.js'
import { readRubric } from './read-rubric.js'
import { readTemplate } from './read-template.js'
import { readArray, readJsonObject, readNumber, readObject, readString } from './read-values.js'
import { type CallableResolver, isCallableShape, readCallable } from './resolve-callable.js'

const NODE_OPTIONAL = ['answer', 'modelOverride', 'toolFilter', 'stateUpdate', 'metadata']
const QUESTION_OPTIONAL = ['rawAnswer', 'template', 'rubric', 'id']
const MODEL_STRINGS = ['model', 'baseURL', 'systemPrompt'] as const
const MODEL_NUMBERS = ['temperature', 'maxTokens'] as const

function isOneOf<T extends string>(keys: readonly T[], key: string): key is T {
  return (keys as readonly string[]).includes(key)
}

/** A node read from a document: its id, its location and the spec `addNode` takes. */
export interface NodeParts {
  readonly id: string
  readonly at: string
  readonly spec: NodeSpec
}

/**
 * Reads the node at `index`; its location is `nodes.<id>` once the id is read (`nodes[<index>]`
 * before). Ids must be unique.
 */
export function readNode(
  value: unknown,
  index: number,
  seen: Set<string>,
  resolver: CallableResolver,
): NodeParts {
  const data = readObject(value, `nodes[${index}]`)
  if (data.id === undefined) invalid(`nodes[${index}]`, "missing 'id'")
  const id = readString(data.id, `nodes[${index}].id`, true)
  if (seen.has(id))
    invalid(`nodes[${index}].id`, `node '${id}' appears twice`, 'Node ids are unique.')
  seen.add(id)
  const at = `nodes.${id}`
  checkKeys(data, ['id', 'question'], NODE_OPTIONAL, at)
  const { question } = data
  if (typeof question !== 'string' && question !== null && !isPlainObject(question)) {
    invalid(
      `${at}.question`,
      `expected a string, a question object or null, got ${describeValue(question)}`,
    )
  }
  if (isPlainObject(question) && question.type === 'SimulatedUser') {
    invalid(
      `${at}.question`,
      'a simulated user stands where a question object goes',
      'Write it inside a question object: "question": { "question": { "type": "SimulatedUser", … } } (as toJSON() writes it).',
    )
  }
  const spec: NodeSpec = {
    question:
      typeof question === 'string' || question === null
        ? question
        : readQuestion(question, `${at}.question`, resolver),
  }
  if (data.answer !== undefined) spec.answer = readString(data.answer, `${at}.answer`)
  if (data.modelOverride !== undefined) {
    spec.modelOverride = readOverride(data.modelOverride, `${at}.modelOverride`, resolver)
  }
  if (data.toolFilter !== undefined) {
    const filter = readObject(data.toolFilter, `${at}.toolFilter`)
    checkKeys(filter, ['remove'], [], `${at}.toolFilter`)
    const remove = readArray(filter.remove, `${at}.toolFilter.remove`)
    spec.toolFilter = {
      remove: remove.map((name, i) => readString(name, `${at}.toolFilter.remove.${i}`)),
    }
  }
  if (data.stateUpdate !== undefined) {
    spec.stateUpdate = readCallable(data.stateUpdate, `${at}.stateUpdate`, resolver) as StateUpdate
  }
  if (data.metadata !== undefined) spec.metadata = readJsonObject(data.metadata, `${at}.metadata`)
  return { id, at, spec }
}

function readQuestion(value: unknown, at: string, resolver: CallableResolver): Question {
  const data = readObject(value, at)
  checkKeys(data, ['question'], QUESTION_OPTIONAL, at)
  const question: Question = {
    question:
      typeof data.question === 'string' || data.question === null
        ? data.question
        : isPlainObject(data.question) && data.question.type === 'SimulatedUser'
          ? readSimulatedUser(data.question, `${at}.question`)
          : (readCallable(data.question, `${at}.question`, resolver) as QuestionText),
  }
  if (data.rawAnswer !== undefined)
    question.rawAnswer = readString(data.rawAnswer, `${at}.rawAnswer`)
  if (data.template !== undefined) {
    question.template = readTemplate(data.template, `${at}.template`, resolver)
  }
  if (data.rubric !== undefined) question.rubric = readRubric(data.rubric, `${at}.rubric`, resolver)
  if (data.id !== undefined) question.id = readString(data.id, `${at}.id`)
  return question
}

const SIMULATED_USER_OPTIONAL = ['instructions', 'opening', 'model']

/** A simulated user: its fields read as the document holds them, then checked by `simulatedUser()`. */
function readSimulatedUser(data: Record<string, unknown>, at: string): SimulatedUser {
  checkKeys(data, ['type', 'persona', 'goal'], SIMULATED_USER_OPTIONAL, at)
  const options: SimulatedUserOptions = {
    persona: readString(data.persona, `${at}.persona`),
    goal: readString(data.goal, `${at}.goal`),
  }
  if (data.instructions !== undefined) {
    options.instructions = readString(data.instructions, `${at}.instructions`)
  }
  if (data.opening !== undefined) options.opening = readString(data.opening, `${at}.opening`)
  if (data.model !== undefined) {
    const model = readModelConfig(data.model, `${at}.model`)
    if (model.model === undefined) invalid(`${at}.model`, "missing 'model'")
    options.model = { ...model, model: model.model }
  }
  return atLocation(at, () => simulatedUser(options))
}

function readOverride(value: unknown, at: string, resolver: CallableResolver): ModelOverride {
  const data = readObject(value, at)
  checkKeys(data, [], ['answering', 'parsing'], at)
  const override: ModelOverride = {}
  if (data.answering !== undefined) {
    override.answering = isCallableShape(data.answering)
      ? (readCallable(data.answering, `${at}.answering`, resolver) as AgentFunction)
      : readModelConfig(data.answering, `${at}.answering`)
  }
  if (data.parsing !== undefined) {
    if (isCallableShape(data.parsing)) {
      invalid(
        `${at}.parsing`,
        'the parsing override is a callable',
        'The parsing side is a model that fills templates: write { model, … }.',
      )
    }
    override.parsing = readModelConfig(data.parsing, `${at}.parsing`)
  }
  return override
}

function readModelConfig(value: unknown, at: string): Partial<ModelConfig> {
  const data = readObject(value, at)
  for (const key of ['client', 'driver', 'apiKey']) {
    if (Object.hasOwn(data, key)) {
      invalid(
        `${at}.${key}`,
        `'${key}' cannot be loaded from a document`,
        'A document holds no clients, drivers or API keys: pass them on the run (runScenario options).',
      )
    }
  }
  checkKeys(data, [], [...MODEL_STRINGS, ...MODEL_NUMBERS, 'api'], at)
  const config: Partial<ModelConfig> = {}
  // In the document's key order, so writing it again gives the same text.
  for (const key of Object.keys(data)) {
    if (isOneOf(MODEL_STRINGS, key)) config[key] = readString(data[key], `${at}.${key}`)
    else if (isOneOf(MODEL_NUMBERS, key)) config[key] = readNumber(data[key], `${at}.${key}`)
    else if (key === 'api') config.api = readApi(data.api, `${at}.api`)
  }
  return config
}

/** The wire API of a model in a document: the two a model config takes. */
function readApi(value: unknown, at: string): 'chat' | 'responses' {
  if (value === 'chat' || value === 'responses') return value
  return invalid(
    at,
    `${describeValue(value)} is not an API`,
    "Use 'chat' (the default) or 'responses'.",
  )
}
