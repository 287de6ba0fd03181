// The checks of `scenarioMeta()`'s and `metaText()`'s arguments: both are public in
// `vitest-scenario/host`, so a host written by hand that passes the wrong thing is told so in
// one `InvalidArgumentError`, never a TypeError from deep inside the meta writer.
import { InvalidArgumentError } from '../../../errors/index.js'
import { assertReadable } from '../../../internal/assert-readable.js'
import { assertResult } from '../../../internal/assert-result.js'
import { describeValue } from '../../../internal/describe-value.js'
import { OPTIONS_FIX, parseOptionKeys } from '../../../internal/option-keys.js'
import { isScenarioDefinition, type ScenarioDefinition } from '../../../scenario/definition.js'

/** Throws an `InvalidArgumentError` naming the first argument of `scenarioMeta()` that is wrong. */
export function checkMetaArguments(
  definition: unknown,
  results: unknown,
  options: unknown,
): asserts definition is ScenarioDefinition {
  if (!isScenarioDefinition(definition)) {
    throw new InvalidArgumentError(
      `scenarioMeta(definition, results) needs a validated scenario definition (scenario(...).validate()), got ${describeValue(definition)}`,
    )
  }
  assertReadable(results, 'scenarioMeta(definition, results)')
  if (!Array.isArray(results)) {
    throw new InvalidArgumentError(
      `scenarioMeta(definition, results) needs the test's run results (an array of what runScenario returned), got ${describeValue(results)}`,
    )
  }
  // Every property of every result was read once just above: the shape check of each result
  // reads only the fields it checks, instead of walking the whole result (its final state, every
  // turn) a second time.
  // Every index, holes of a sparse array included (`forEach` would skip them and leave an
  // `undefined` result to the meta builder).
  for (let i = 0; i < results.length; i++) {
    assertResult(results[i], `scenarioMeta(definition, results): results[${i}]`, { walk: false })
  }
  const { samples, confidence, text } = parseOptionKeys(
    options,
    ['samples', 'confidence', 'text'],
    {
      where: 'scenarioMeta(definition, results, options)',
      fix: OPTIONS_FIX,
    },
  )
  if (samples !== undefined && !(Number.isInteger(samples) && (samples as number) >= 1)) {
    throw new InvalidArgumentError(
      `\`samples\` in scenarioMeta(definition, results, options) must be a whole number ≥ 1, got ${describeValue(samples)}`,
    )
  }
  if (
    confidence !== undefined &&
    !(typeof confidence === 'number' && confidence > 0 && confidence < 1)
  ) {
    throw new InvalidArgumentError(
      `\`confidence\` in scenarioMeta(definition, results, options) must be a number between 0 and 1, got ${describeValue(confidence)}`,
    )
  }
  if (text !== undefined && typeof text !== 'function') {
    throw new InvalidArgumentError(
      `\`text\` in scenarioMeta(definition, results, options) must be a function (value, path) => string, such as metaText(), got ${describeValue(text)}`,
    )
  }
}

/** Throws an `InvalidArgumentError` when `metaText(settings)` is given settings it cannot use. */
export function checkSecretSettings(settings: unknown): void {
  const { redact, allowSecrets } = parseOptionKeys(settings, ['redact', 'allowSecrets'], {
    where: 'metaText(settings)',
    fix: OPTIONS_FIX,
  })
  if (redact !== undefined && typeof redact !== 'function') {
    throw new InvalidArgumentError(
      `\`redact\` in metaText(settings) must be a function (value, jsonPath) => string, got ${describeValue(redact)}`,
    )
  }
  if (
    allowSecrets !== undefined &&
    !(Array.isArray(allowSecrets) && allowSecrets.every((path) => typeof path === 'string'))
  ) {
    throw new InvalidArgumentError(
      `\`allowSecrets\` in metaText(settings) must be an array of JSON paths (strings), got ${describeValue(allowSecrets)}`,
    )
  }
}
