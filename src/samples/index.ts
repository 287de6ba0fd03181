export {
  isScenarioResultSet,
  resultSet,
  type ScenarioResultSet,
  samplePassed,
} from './result-set.js'
export {
  assertConfidence,
  normalQuantile,
  type PassRateInterval,
  wilsonInterval,
} from './wilson-interval.js'
