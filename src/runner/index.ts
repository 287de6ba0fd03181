export type { Budget } from './budget.js'
export type { RunOptions } from './run-options.js'
export { runScenario } from './run-scenario.js'
export type { ModelPrice } from './usage.js'
