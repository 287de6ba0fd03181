import { InvalidArgumentError } from '../errors/index.js'
import { readOptions } from '../internal/read-options.js'

/** Options of the scenario reporter. */
export interface ScenarioReporterOptions {
  /** Where to write the Markdown report, relative to the Vitest root. */
  markdown?: string | undefined
  /** Where to write the HTML report, relative to the Vitest root. */
  html?: string | undefined
}

const KEYS = ['markdown', 'html'] as const

/** Checks the reporter's options: known keys only, each a non-empty path. */
export function checkReporterOptions(options: unknown): ScenarioReporterOptions {
  const read = readOptions(options, KEYS, 'the scenario reporter options')
  const checked: ScenarioReporterOptions = {}
  for (const key of KEYS) {
    const value = read[key]
    if (value === undefined) continue
    if (typeof value !== 'string' || value.trim() === '') {
      throw new InvalidArgumentError(
        `The scenario reporter option \`${key}\` must be a file path, got ${typeof value === 'string' ? 'an empty string' : typeof value}`,
        `For example { ${key}: 'test-results/scenarios.${key === 'html' ? 'html' : 'md'}' } (relative to the Vitest root).`,
      )
    }
    checked[key] = value
  }
  return checked
}
