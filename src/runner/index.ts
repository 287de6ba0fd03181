export type { RunOptions } from './run-options.js'
export { runScenario } from './run-scenario.js'
