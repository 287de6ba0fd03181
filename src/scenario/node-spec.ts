import { assertKnownKeys, InvalidArgumentError } from '../errors/index.js'
import { assertReadable } from '../internal/assert-readable.js'
import { describeValue } from '../internal/describe-value.js'
import { parseOptions } from '../internal/options-schema.js'
import { modelConfigPatchSchema } from '../models/model-config-schema.js'
import { assertRubric } from '../rubrics/index.js'
import { assertSimulatedUser, isSimulatedUser } from '../simulated-user/simulated-user.js'
import type { SimulatedUser } from '../simulated-user/types.js'
import { isAnswerTemplate } from '../templates/index.js'
import { END } from './end.js'
import { copyPlain } from './plain-data.js'
import type { NodeSpec, Question, ScenarioNode } from './types.js'

const nodeKeys = [
  'question',
  'answer',
  'modelOverride',
  'toolFilter',
  'stateUpdate',
  'metadata',
] as const
const questionKeys = ['question', 'rawAnswer', 'template', 'rubric', 'id'] as const
const overrideKeys = ['answering', 'parsing'] as const
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Checks a node id: a non-empty string other than `END` (the target that ends a run, never a node). */
export function assertNodeId(id: unknown, where: string): asserts id is string {
  if (typeof id !== 'string' || id.length === 0) {
    throw new InvalidArgumentError(
      `${where} needs a node id (a non-empty string), got ${describeValue(id)}`,
    )
  }
  if (id === END) {
    throw new InvalidArgumentError(
      `'${END}' (END) is not a valid node id`,
      'END is the target that ends a run: use it in addEdge(source, END).',
    )
  }
}

/** Validates `addNode(id, spec)` and returns the node as the builder keeps it (plain data copied). */
export function buildNode(id: string, spec: NodeSpec): ScenarioNode {
  const where = `addNode('${id}')`
  assertReadable(spec, where)
  if (!isObject(spec)) {
    throw new InvalidArgumentError(`${where} needs a spec object { question, … }`)
  }
  assertKnownKeys(spec, nodeKeys, where)
  checkQuestion(spec.question, where)
  if (spec.answer !== undefined && typeof spec.answer !== 'string') {
    throw new InvalidArgumentError(
      `\`answer\` in ${where} must be a string (a scripted answer), got ${describeValue(spec.answer)}`,
      'Leave `answer` out to have the answering side answer.',
    )
  }
  if (spec.stateUpdate !== undefined && typeof spec.stateUpdate !== 'function') {
    throw new InvalidArgumentError(
      `\`stateUpdate\` in ${where} must be a function (accumulated, parsed) => accumulated`,
    )
  }
  if (spec.metadata !== undefined && !isObject(spec.metadata)) {
    throw new InvalidArgumentError(`\`metadata\` in ${where} must be a plain object`)
  }
  if (spec.toolFilter !== undefined) checkToolFilter(spec.toolFilter, where)
  if (spec.modelOverride !== undefined) checkModelOverride(spec.modelOverride, where)
  const node: Record<string, unknown> = { id }
  for (const key of nodeKeys) {
    if (spec[key] !== undefined) node[key] = copyPlain(spec[key])
  }
  // A simulated user given as the whole question is kept as a question object holding it: one
  // place for every reader to find a question source.
  if (isSimulatedUser(node.question)) node.question = { question: node.question }
  return node as unknown as ScenarioNode
}

function checkQuestion(
  question: unknown,
  where: string,
): asserts question is string | Question | SimulatedUser | null {
  if (typeof question === 'string' || question === null) return
  if (isSimulatedUser(question)) {
    assertSimulatedUser(question, where)
    return
  }
  if (!isObject(question)) {
    throw new InvalidArgumentError(
      `${where} needs a \`question\`: a string, a Question object { question, template?, rubric? }, a simulatedUser({ … }), or null (no user message: the answering side speaks next)`,
    )
  }
  assertKnownKeys(question, questionKeys, `the question of ${where}`)
  const text = question.question
  if (isSimulatedUser(text)) assertSimulatedUser(text, where)
  else if (typeof text !== 'string' && typeof text !== 'function' && text !== null) {
    throw new InvalidArgumentError(
      `The question of ${where} needs \`question\`: a string, a function (state, context) => string | Promise<string>, a simulatedUser({ … }), or null`,
    )
  }
  if (question.template !== undefined && !isAnswerTemplate(question.template)) {
    throw new InvalidArgumentError(
      `The \`template\` of the question of ${where} is not an answer template`,
      'Build it with defineTemplate({ schema, … }).',
    )
  }
  if (question.rubric !== undefined) assertRubric(question.rubric, `the question of ${where}`)
  for (const key of ['rawAnswer', 'id'] as const) {
    if (question[key] !== undefined && typeof question[key] !== 'string') {
      throw new InvalidArgumentError(`\`${key}\` of the question of ${where} must be a string`)
    }
  }
}

function checkToolFilter(filter: unknown, where: string): void {
  if (!isObject(filter))
    throw new InvalidArgumentError(`\`toolFilter\` in ${where} must be { remove: [...] }`)
  assertKnownKeys(filter, ['remove'], `the toolFilter of ${where}`)
  const { remove } = filter
  if (!Array.isArray(remove) || remove.some((name) => typeof name !== 'string')) {
    throw new InvalidArgumentError(
      `\`toolFilter.remove\` in ${where} must be an array of tool names`,
    )
  }
}

function checkModelOverride(override: unknown, where: string): void {
  if (!isObject(override)) {
    throw new InvalidArgumentError(`\`modelOverride\` in ${where} must be { answering?, parsing? }`)
  }
  assertKnownKeys(override, overrideKeys, `the modelOverride of ${where}`)
  const { answering, parsing } = override
  if (typeof parsing === 'function') {
    throw new InvalidArgumentError(
      `The parsing override of ${where} may not be a function`,
      'The parsing side is a model that fills templates: pass { model, … }.',
    )
  }
  if (parsing !== undefined) checkModelConfig(parsing, `the parsing override of ${where}`)
  if (answering !== undefined && typeof answering !== 'function') {
    checkModelConfig(answering, `the answering override of ${where}`)
  }
}

/** An override is any part of a model config, checked by the model config's own schema. */
function checkModelConfig(config: unknown, where: string): void {
  parseOptions(modelConfigPatchSchema, config, {
    where,
    fix: 'Pass { model?, baseURL?, temperature?, maxTokens?, systemPrompt?, … } (a model config, or the fields to merge over the run’s).',
  })
}
