import { InvalidArgumentError } from '../errors/index.js'
import { readOptions } from '../internal/read-options.js'
import type { ScenarioOptions } from './types.js'

const OPTION_KEYS = ['model', 'parsingModel', 'turnLimit', 'timeout', 'samples', 'assertOutcomes']

/** Checks a scenario's options when the test is collected: a wrong key fails early and loudly. */
export function checkScenarioOptions(options: unknown, name: string): ScenarioOptions {
  const where = `scenario('${name}', options)`
  const read = readOptions(options, OPTION_KEYS, where) as ScenarioOptions
  for (const key of ['timeout', 'samples'] as const) {
    const value = read[key]
    if (value !== undefined && !(Number.isInteger(value) && value >= 1)) {
      throw new InvalidArgumentError(
        `\`${key}\` in ${where} must be an integer ≥ 1, got ${String(value)}`,
      )
    }
  }
  if (read.assertOutcomes !== undefined && typeof read.assertOutcomes !== 'boolean') {
    throw new InvalidArgumentError(`\`assertOutcomes\` in ${where} must be a boolean`)
  }
  // `model`, `parsingModel` and `turnLimit` are checked by runScenario(), with its messages.
  return read
}

/** Checks that `build` and `body` are functions, naming the scenario when they are not. */
export function checkScenarioFunctions(name: string, build: unknown, body: unknown): void {
  if (typeof build !== 'function' || typeof body !== 'function') {
    throw new InvalidArgumentError(
      `scenario('${name}') needs a build function and a body function`,
      'Write scenario(name, (s) => { s.addNode(…) }, async ({ run }) => { … }), with options second when you have some.',
    )
  }
}
