export { isScenarioDefinition, ScenarioDefinition } from './definition.js'
export { END, type End } from './end.js'
export { Scenario } from './scenario.js'
export type {
  EdgeOptions,
  NodeSpec,
  OutcomeCriterionSpec,
  Question,
  QuestionContext,
  QuestionFunction,
  QuestionText,
  ScenarioEdge,
  ScenarioNode,
  ScenarioOutcomeCriterion,
  ScenarioWarning,
  StateUpdate,
  ToolFilter,
} from './types.js'
