import { InvalidArgumentError } from '../errors/index.js'
import { assertReadable } from '../internal/assert-readable.js'
import { describeValue } from '../internal/describe-value.js'
import { readOptions } from '../internal/read-options.js'
import { assertSampleCount } from '../samples/sample-limit.js'
import type { ScenarioOptions } from './types.js'

const OPTION_KEYS = [
  'model',
  'parsingModel',
  'turnLimit',
  'turnTimeoutMs',
  'timeout',
  'samples',
  'assertOutcomes',
]

/** Checks a scenario's options when the test is collected: a wrong key fails early and loudly. */
export function checkScenarioOptions(options: unknown, name: string): ScenarioOptions {
  const where = `scenario('${name}', options)`
  const read = readOptions(options, OPTION_KEYS, where) as ScenarioOptions
  for (const key of ['timeout'] as const) {
    const value = read[key]
    if (value !== undefined && !(Number.isInteger(value) && value >= 1)) {
      throw new InvalidArgumentError(
        `\`${key}\` in ${where} must be an integer ≥ 1, got ${describeValue(value)}`,
      )
    }
  }
  // Bounded: every sample is a whole run held in memory at once (see MAX_SAMPLES).
  if (read.samples !== undefined) assertSampleCount(read.samples, where)
  if (read.assertOutcomes !== undefined && typeof read.assertOutcomes !== 'boolean') {
    throw new InvalidArgumentError(`\`assertOutcomes\` in ${where} must be a boolean`)
  }
  // `model`, `parsingModel`, `turnLimit` and `turnTimeoutMs` are checked by runScenario(), with its
  // messages.
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

/** Checks a scenario's name: a string, as Vitest's test names are (the title in reports). */
export function checkScenarioName(name: unknown, where: string): string {
  if (typeof name === 'string') return name
  throw new InvalidArgumentError(
    `${where} needs a name (a string), got ${describeValue(name)}`,
    "Write scenario('keeps its answer under pushback', (s) => { … }, async ({ run }) => { … }).",
  )
}

/** Checks the rows of `scenario.each(rows)`: an array, one test per row. */
export function checkEachRows(rows: unknown): void {
  assertReadable(rows, 'scenario.each(rows)')
  if (Array.isArray(rows)) return
  throw new InvalidArgumentError(
    `scenario.each(rows) needs an array of rows, got ${describeValue(rows)}`,
    "Write scenario.each([{ drug: 'venetoclax' }, { drug: 'navitoclax' }])('finds $drug', build, body): one test per row.",
  )
}
