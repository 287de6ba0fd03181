// The shape of a serialized scenario: what `definition.toJSON()` writes and
// `Scenario.fromJSON()` reads. Everything here is JSON data.

import type { OutcomeCheck } from '../outcomes/types.js'
import type { PrimitiveData } from '../primitives/types.js'
import type { LlmTrait, RegexTrait } from '../rubrics/types.js'

/** The `kind` tag of a scenario document. */
export const SCENARIO_DOCUMENT_KIND = 'vitest-scenario.definition'

/** The document format this version writes and reads. */
export const SCENARIO_FORMAT_VERSION = 1

/** A JSON value. */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject

/** A JSON object. */
export interface JsonObject {
  [key: string]: JsonValue
}

/**
 * A function in a document: its name (`''` when anonymous or ambiguous) and its location, e.g.
 * `nodes.retry.stateUpdate`; `Scenario.fromJSON` resolves it through `callables`.
 */
export interface CallableReference {
  callable: string
  at: string
}

/** A model config in a document: an `openai` client and an API key are never written. */
export interface ModelConfigDocument {
  model?: string | undefined
  api?: 'chat' | 'responses' | undefined
  baseURL?: string | undefined
  temperature?: number | undefined
  maxTokens?: number | undefined
  systemPrompt?: string | undefined
}

/** Per-node model overrides in a document; an agent is a callable. */
export interface ModelOverrideDocument {
  answering?: CallableReference | ModelConfigDocument | undefined
  parsing?: ModelConfigDocument | undefined
}

/** An answer template in a document: its schema as JSON Schema. */
export interface TemplateDocument {
  /** The zod schema as JSON Schema (`z.toJSONSchema`). */
  schema: JsonObject
  groundTruth?: JsonObject | undefined
  /** Per-field primitives as data, or a callable. */
  verify?: Record<string, PrimitiveData> | CallableReference | undefined
  parse?: CallableReference | undefined
  /** Present when the schema has refinements or transforms JSON Schema cannot hold. */
  warnings?: ['schema-lossy'] | undefined
}

/** A callable trait in a document. */
export interface CallableTraitDocument {
  type: 'CallableTrait'
  name: string
  fn: CallableReference
}

/** A rubric in a document. */
export interface RubricDocument {
  traits: (RegexTrait | LlmTrait | CallableTraitDocument)[]
}

/** A `Question` object in a document. */
/**
 * A simulated user in a document (`simulatedUser()`): its options with the type tag; its model
 * holds no client and no key.
 */
export interface SimulatedUserDocument {
  type: 'SimulatedUser'
  persona: string
  goal: string
  instructions?: string | undefined
  opening?: string | undefined
  model?: ModelConfigDocument | undefined
}

export interface QuestionDocument {
  /**
   * The question's text, its function as a callable, the simulated user that writes it, or
   * `null`: no user message on the node's turns.
   */
  question: string | CallableReference | SimulatedUserDocument | null
  rawAnswer?: string | undefined
  template?: TemplateDocument | undefined
  rubric?: RubricDocument | undefined
  id?: string | undefined
}

/** A node in a document: its id and its spec. */
export interface NodeDocument {
  id: string
  /** `null`: no user message on the node's turns (the answering side speaks next). */
  question: string | QuestionDocument | null
  /** A scripted answer: the answering side is not called. */
  answer?: string | undefined
  modelOverride?: ModelOverrideDocument | undefined
  toolFilter?: { remove: string[] } | undefined
  stateUpdate?: CallableReference | undefined
  metadata?: JsonObject | undefined
}

/**
 * A `when` in a document: as written, with `undefined` as `null`, a `stateCheck` as
 * data and functions as callables.
 */
export type WhenDocument = JsonValue | CallableReference | (JsonValue | CallableReference)[]

/** An edge in a document. */
export interface EdgeDocument {
  source: string
  target: string
  when?: WhenDocument | undefined
}

/** An outcome criterion in a document. */
export interface OutcomeCriterionDocument {
  name: string
  description: string
  check?: OutcomeCheck | undefined
  evaluate?: CallableReference | undefined
}

/**
 * A serialized scenario definition: versioned, type-tagged JSON.
 *
 * @example
 * const document: ScenarioDocument = definition.toJSON()
 * const again = Scenario.fromJSON(JSON.stringify(document), { callables: { countTries } })
 */
export interface ScenarioDocument {
  formatVersion: typeof SCENARIO_FORMAT_VERSION
  kind: typeof SCENARIO_DOCUMENT_KIND
  name: string
  description: string
  entryNode: string
  /** Nodes in insertion order. */
  nodes: NodeDocument[]
  /** Edges in definition order. */
  edges: EdgeDocument[]
  /** Outcome criteria in registration order. */
  outcomeCriteria: OutcomeCriterionDocument[]
}

/** A function `Scenario.fromJSON` may be given to resolve a callable. */
export type Callable = (...args: never[]) => unknown

/** Options of `Scenario.fromJSON`. */
export interface FromJSONOptions {
  /**
   * The functions the document references, keyed by location (`'nodes.retry.stateUpdate'`) or by
   * function name (`countTries`); a location wins over a name.
   */
  callables?: Readonly<Record<string, Callable>> | undefined
}
