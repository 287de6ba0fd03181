export { INFERRED_NAMES, isAnonymousName } from './callable-names.js'
export { type DefinitionSource, definitionToJSON } from './definition-to-json.js'
export type {
  Callable,
  CallableReference,
  CallableTraitDocument,
  EdgeDocument,
  FromJSONOptions,
  JsonObject,
  JsonValue,
  ModelConfigDocument,
  ModelOverrideDocument,
  NodeDocument,
  OutcomeCriterionDocument,
  QuestionDocument,
  RubricDocument,
  ScenarioDocument,
  TemplateDocument,
  WhenDocument,
} from './document-format.js'
export { SCENARIO_DOCUMENT_KIND, SCENARIO_FORMAT_VERSION } from './document-format.js'
export { rememberDocumentNames } from './document-names.js'
export {
  buildFromDocument,
  type DocumentBuilder,
  type DocumentParts,
  readDocument,
} from './read-document.js'
export { schemaFromJSON } from './schema-from-json.js'
export { schemaLossyWarnings } from './schema-lossy-warnings.js'
export { type SchemaJson, schemaToJSON } from './schema-to-json.js'
