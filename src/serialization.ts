// biome-ignore-all assist/source/organizeImports: grouped by topic
// vitest-scenario/serialization — scenario definitions as JSON documents: the document's format
// (its kind and version, and the type of each part), what `Scenario.fromJSON(json, options)`
// takes, and the error it throws for a document it cannot load. `definition.toJSON()` writes a
// `ScenarioDocument`; `JSON.stringify(definition)` works too. `vitest-scenario/core` exports the
// same names. It never imports `vitest`.

// ─── The document format ────────────────────────────────────────────────────────────────────────
export {
  type CallableTraitDocument,
  type EdgeDocument,
  type JsonObject,
  type JsonValue,
  type ModelConfigDocument,
  type ModelOverrideDocument,
  type NodeDocument,
  type OutcomeCriterionDocument,
  type QuestionDocument,
  type RubricDocument,
  SCENARIO_DOCUMENT_KIND,
  SCENARIO_FORMAT_VERSION,
  type ScenarioDocument,
  type SimulatedUserDocument,
  type TemplateDocument,
  type WhenDocument,
} from './serialization/document-format.js'

// ─── Loading a document: callables and errors ───────────────────────────────────────────────────
export type {
  Callable,
  CallableReference,
  FromJSONOptions,
} from './serialization/document-format.js'
export { ScenarioDocumentError } from './errors/scenario-document-error.js'
