export { scenario } from './scenario.js'
export { LIVE_TIMEOUT_MS } from './scenario-timeout.js'
export type {
  ScenarioAPI,
  ScenarioBody,
  ScenarioBuild,
  ScenarioContext,
  ScenarioFunction,
  ScenarioOptions,
  ScenarioRunOptions,
  ScenarioRunResult,
} from './types.js'
