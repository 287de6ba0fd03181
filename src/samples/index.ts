export {
  isScenarioResultSet,
  resultSet,
  type ScenarioResultSet,
  samplePassed,
} from './result-set.js'
export { assertSampleCount, MAX_SAMPLES } from './sample-limit.js'
export {
  assertConfidence,
  normalQuantile,
  type PassRateInterval,
  wilsonInterval,
} from './wilson-interval.js'
