import { InvalidArgumentError } from '../errors/index.js'
import type { ModelConfig, ModelOverride } from '../models/types.js'
import type { Rubric } from '../rubrics/types.js'
import type { Question, ScenarioNode } from '../scenario/types.js'
import { isSimulatedUser } from '../simulated-user/simulated-user.js'
import type { SimulatedUser } from '../simulated-user/types.js'
import type { AnswerTemplate } from '../templates/types.js'
import type {
  ModelConfigDocument,
  ModelOverrideDocument,
  NodeDocument,
  QuestionDocument,
  RubricDocument,
  SimulatedUserDocument,
  TemplateDocument,
} from './document-format.js'
import { schemaToJSON } from './schema-to-json.js'
import { type WriteContext, writeCallable } from './write-context.js'
import { writeJsonObject } from './write-json-data.js'

/** Writes a node as `{ id, … }`: plain data as JSON, functions as callables. */
export function writeNode(node: ScenarioNode, context: WriteContext): NodeDocument {
  const at = `nodes.${node.id}`
  const out: NodeDocument = {
    id: node.id,
    question:
      typeof node.question === 'string' || node.question === null
        ? node.question
        : writeQuestion(node.question, `${at}.question`, context),
  }
  if (node.answer !== undefined) out.answer = node.answer
  if (node.modelOverride !== undefined) {
    out.modelOverride = writeOverride(node.modelOverride, `${at}.modelOverride`, context)
  }
  if (node.toolFilter !== undefined) {
    out.toolFilter = { remove: [...node.toolFilter.remove] }
  }
  if (node.stateUpdate !== undefined) {
    out.stateUpdate = writeCallable(context, node.stateUpdate, `${at}.stateUpdate`, 'stateUpdate')
  }
  if (node.metadata !== undefined) out.metadata = writeJsonObject(node.metadata, `${at}.metadata`)
  return out
}

function writeQuestion(question: Question, at: string, context: WriteContext): QuestionDocument {
  const text = question.question
  const out: QuestionDocument = {
    question:
      typeof text === 'string' || text === null
        ? text
        : isSimulatedUser(text)
          ? writeSimulatedUser(text, `${at}.question`)
          : writeCallable(context, text, `${at}.question`, 'question'),
  }
  if (question.rawAnswer !== undefined) out.rawAnswer = question.rawAnswer
  if (question.template !== undefined) {
    out.template = writeTemplate(question.template, `${at}.template`, context)
  }
  if (question.rubric !== undefined)
    out.rubric = writeRubric(question.rubric, `${at}.rubric`, context)
  if (question.id !== undefined) out.id = question.id
  return out
}

/** A simulated user as data; its model as a model config (no client, no key). */
function writeSimulatedUser(user: SimulatedUser, at: string): SimulatedUserDocument {
  const out: SimulatedUserDocument = {
    type: 'SimulatedUser',
    persona: user.persona,
    goal: user.goal,
  }
  if (user.instructions !== undefined) out.instructions = user.instructions
  if (user.opening !== undefined) out.opening = user.opening
  if (user.model !== undefined) out.model = writeModelConfig(user.model, `${at}.model`)
  return out
}

function writeTemplate(
  template: AnswerTemplate,
  at: string,
  context: WriteContext,
): TemplateDocument {
  const { jsonSchema, lossy } = schemaToJSON(template.schema)
  // A copy: the conversion is cached per schema, and a caller may change the document.
  const out: TemplateDocument = { schema: writeJsonObject(jsonSchema, `${at}.schema`) }
  if (template.groundTruth !== undefined) {
    out.groundTruth = writeJsonObject(template.groundTruth, `${at}.groundTruth`)
  }
  const { verify } = template
  if (typeof verify === 'function') {
    out.verify = writeCallable(context, verify, `${at}.verify`, 'verify')
  } else if (verify !== undefined) {
    out.verify = writeJsonObject(verify, `${at}.verify`) as TemplateDocument['verify']
  }
  if (template.parse !== undefined) {
    out.parse = writeCallable(context, template.parse, `${at}.parse`, 'parse')
  }
  if (lossy) out.warnings = ['schema-lossy']
  return out
}

function writeRubric(rubric: Rubric, at: string, context: WriteContext): RubricDocument {
  return {
    traits: rubric.traits.map((trait, i) =>
      trait.type === 'CallableTrait'
        ? {
            type: 'CallableTrait',
            name: trait.name,
            fn: writeCallable(context, trait.fn, `${at}.traits.${i}.fn`, 'fn'),
          }
        : (writeJsonObject(trait, `${at}.traits.${i}`) as unknown as typeof trait),
    ),
  }
}

function writeOverride(
  override: ModelOverride,
  at: string,
  context: WriteContext,
): ModelOverrideDocument {
  const out: ModelOverrideDocument = {}
  const { answering, parsing } = override
  if (typeof answering === 'function') {
    out.answering = writeCallable(context, answering, `${at}.answering`, 'answering')
  } else if (answering !== undefined) {
    out.answering = writeModelConfig(answering, `${at}.answering`)
  }
  if (parsing !== undefined) out.parsing = writeModelConfig(parsing, `${at}.parsing`)
  return out
}

function writeModelConfig(config: Partial<ModelConfig>, at: string): ModelConfigDocument {
  // A client or a driver is a live object, and a key is a secret: a document is meant to be committed.
  for (const key of ['client', 'driver', 'apiKey'] as const) {
    if (config[key] !== undefined) {
      throw new InvalidArgumentError(
        `Cannot write the \`${key}\` of ${at} to JSON`,
        key !== 'apiKey'
          ? `A ${key} is a live object and cannot be serialized: leave it out of the override and pass it on the run (runScenario options), or set \`baseURL\`.`
          : 'API keys are never written to a scenario document: leave `apiKey` out of the override and let the client read OPENAI_API_KEY, or pass the key on the run.',
      )
    }
  }
  return writeJsonObject(config, at) as ModelConfigDocument
}
