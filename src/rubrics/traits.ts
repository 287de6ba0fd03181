import { assertKnownKeys, assertOneOf, InvalidArgumentError } from '../errors/index.js'
import { assertReadable } from '../internal/assert-readable.js'
import { describeValue } from '../internal/describe-value.js'
import type { CallableTrait, LlmTrait, LlmTraitKind, RegexTrait, Rubric, Trait } from './types.js'

function assertName(name: unknown, factory: string): asserts name is string {
  if (typeof name !== 'string' || name.length === 0) {
    throw new InvalidArgumentError(
      `${factory}() needs a non-empty trait name as its first argument`,
    )
  }
}

/**
 * A trait that is `true` when `pattern` occurs in the response (search semantics), or when it
 * does not, with `invert`.
 *
 * @example
 * regexTrait('cites-bcl2', /BCL-?2/i)
 */
export function regexTrait(
  name: string,
  pattern: string | RegExp,
  options: { invert?: boolean | undefined; flags?: string | undefined } = {},
): RegexTrait {
  assertName(name, 'regexTrait')
  assertKnownKeys(options, ['invert', 'flags'], `regexTrait('${name}')`)
  assertReadable(pattern, `regexTrait('${name}')`)
  const source = pattern instanceof RegExp ? pattern.source : pattern
  const flags = options.flags ?? (pattern instanceof RegExp ? pattern.flags : '')
  if (typeof source !== 'string') {
    throw new InvalidArgumentError(
      `regexTrait('${name}') needs a pattern string or a RegExp, got ${describeValue(pattern)}`,
    )
  }
  if (typeof flags !== 'string') {
    throw new InvalidArgumentError(
      `\`flags\` in regexTrait('${name}') must be a string of flag letters, got ${describeValue(flags)}`,
      "Write e.g. { flags: 'i' }.",
    )
  }
  if (options.invert !== undefined && typeof options.invert !== 'boolean') {
    throw new InvalidArgumentError(
      `\`invert\` in regexTrait('${name}') must be true or false, got ${describeValue(options.invert)}`,
    )
  }
  try {
    new RegExp(source, flags)
  } catch (error) {
    throw new InvalidArgumentError(
      `regexTrait('${name}') has an invalid pattern: ${(error as Error).message}`,
      'Fix the pattern or its flags (JS flag letters, e.g. "i").',
    )
  }
  return {
    type: 'RegexTrait',
    name,
    pattern: source,
    flags: flags.replace('g', ''),
    invert: options.invert ?? false,
  }
}

/**
 * A trait scored by your function of the response: `true`/`false` or a number.
 *
 * @example
 * callableTrait('short', (response) => response.length < 200)
 */
export function callableTrait(name: string, fn: CallableTrait['fn']): CallableTrait {
  assertName(name, 'callableTrait')
  if (typeof fn !== 'function') {
    throw new InvalidArgumentError(
      `callableTrait('${name}') needs a function (response, context) => boolean | number`,
    )
  }
  return { type: 'CallableTrait', name, fn }
}

const llmKinds: readonly LlmTraitKind[] = ['boolean', 'score', 'labels']

/**
 * A trait judged by the parsing model from its description.
 *
 * @example
 * llmTrait('hedging', { description: 'Does the answer hedge?', kind: 'boolean' })
 */
export function llmTrait(
  name: string,
  options: {
    description: string
    kind: LlmTraitKind
    min?: number | undefined
    max?: number | undefined
    labels?: string[] | undefined
  },
): LlmTrait {
  assertName(name, 'llmTrait')
  const where = `llmTrait('${name}')`
  assertKnownKeys(options, ['description', 'kind', 'min', 'max', 'labels'], where)
  if (typeof options.description !== 'string' || options.description.length === 0) {
    throw new InvalidArgumentError(`${where} needs a description for the judge`)
  }
  assertOneOf(options.kind, llmKinds, `trait kind in ${where}:`)
  const trait: LlmTrait = {
    type: 'LlmTrait',
    name,
    description: options.description,
    kind: options.kind,
  }
  if (options.kind === 'score') {
    const min = options.min ?? 1
    const max = options.max ?? 5
    if (!Number.isFinite(min) || !Number.isFinite(max) || min >= max) {
      throw new InvalidArgumentError(
        `${where} needs finite min < max for a score (got ${describeValue(min)}, ${describeValue(max)})`,
      )
    }
    trait.min = min
    trait.max = max
  }
  if (options.kind === 'labels') {
    const labels = options.labels
    if (!Array.isArray(labels) || labels.length < 2 || labels.some((l) => typeof l !== 'string')) {
      throw new InvalidArgumentError(`${where} needs at least two string labels`)
    }
    trait.labels = [...labels]
  }
  return trait
}

const traitTypes = ['RegexTrait', 'CallableTrait', 'LlmTrait']

/** Validates a rubric `{ traits: [...] }` (unknown keys and non-traits are errors; 13.44, 13.51). */
export function assertRubric(value: unknown, where: string): asserts value is Rubric {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidArgumentError(`The rubric in ${where} must be an object { traits: [...] }`)
  }
  assertKnownKeys(value, ['traits'], `the rubric in ${where}`)
  const { traits } = value as { traits?: unknown }
  if (!Array.isArray(traits)) {
    throw new InvalidArgumentError(`The rubric in ${where} needs a \`traits\` array`)
  }
  const names = new Set<string>()
  for (const trait of traits as unknown[]) {
    const type = (trait as Trait | null)?.type
    if (typeof type !== 'string' || !traitTypes.includes(type)) {
      throw new InvalidArgumentError(
        `The rubric in ${where} holds something that is not a trait`,
        'Build traits with regexTrait(), callableTrait() or llmTrait().',
      )
    }
    const { name } = trait as Trait
    if (names.has(name)) {
      throw new InvalidArgumentError(`The rubric in ${where} has two traits named '${name}'`)
    }
    names.add(name)
  }
}
