import type { ScenarioBodyOf, ScenarioBuild, ScenarioOptions } from './api-types.js'
import {
  checkScenarioFunctions,
  checkScenarioName,
  checkScenarioOptions,
} from './scenario-options.js'

/** A scenario declaration's parts, checked: name, options, build and body. */
export type ScenarioParts<Base, Args extends unknown[]> = [
  name: string,
  options: ScenarioOptions,
  build: ScenarioBuild<Args>,
  body: ScenarioBodyOf<Base, unknown, Args>,
]

/**
 * Reads both call forms, `(name, build, body)` and `(name, options, build, body)`, for any host;
 * a wrong name, option or function fails when the scenario is declared.
 */
export function scenarioParts<Base, Args extends unknown[]>(
  args: readonly unknown[],
): ScenarioParts<Base, Args> {
  const name = checkScenarioName(args[0], 'scenario(name, …)')
  const [options, build, body] = args.length <= 3 ? [{}, args[1], args[2]] : args.slice(1)
  const checked = checkScenarioOptions(options, name)
  checkScenarioFunctions(name, build, body)
  return [name, checked, build as ScenarioBuild<Args>, body as ScenarioBodyOf<Base, unknown, Args>]
}
