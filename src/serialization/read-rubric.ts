import { quoteList } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import { assertRubric, callableTrait, llmTrait, regexTrait } from '../rubrics/index.js'
import type { LlmTrait, Rubric, Trait } from '../rubrics/types.js'
import { atLocation, checkKeys, invalid, locatedAt } from './document-errors.js'
import { readArray, readBoolean, readNumber, readObject, readString } from './read-values.js'
import { type CallableResolver, readCallable } from './resolve-callable.js'

const TRAIT_TYPES = ['RegexTrait', 'LlmTrait', 'CallableTrait']

/** Reads a rubric `{ traits: [...] }`, rebuilding each trait with its factory. */
export function readRubric(value: unknown, at: string, resolver: CallableResolver): Rubric {
  const data = readObject(value, at)
  checkKeys(data, ['traits'], [], at)
  const traits = readArray(data.traits, `${at}.traits`).map((trait, i) =>
    readTrait(trait, `${at}.traits.${i}`, resolver),
  )
  const rubric = { traits }
  locatedAt(at, (where) => assertRubric(rubric, where))
  return rubric
}

function readTrait(value: unknown, at: string, resolver: CallableResolver): Trait {
  const data = readObject(value, at)
  const name = () => readString(data.name, `${at}.name`, true)
  switch (data.type) {
    case 'RegexTrait': {
      checkKeys(data, ['type', 'name', 'pattern', 'flags', 'invert'], [], at)
      const flags = readString(data.flags, `${at}.flags`)
      const trait = atLocation(at, () =>
        regexTrait(name(), readString(data.pattern, `${at}.pattern`), {
          flags,
          invert: readBoolean(data.invert, `${at}.invert`),
        }),
      )
      // regexTrait() drops 'g' (a trait searches once); a document holds what it would keep.
      if (trait.flags !== flags) {
        invalid(`${at}.flags`, `the flag 'g' is not kept by regexTrait()`, 'Leave it out.')
      }
      return trait
    }
    case 'LlmTrait':
      return readLlmTrait(data, at)
    case 'CallableTrait':
      checkKeys(data, ['type', 'name', 'fn'], [], at)
      return callableTrait(
        name(),
        readCallable(data.fn, `${at}.fn`, resolver) as Parameters<typeof callableTrait>[1],
      )
    default:
      return invalid(
        `${at}.type`,
        `expected a trait type, got ${describeValue(data.type)}`,
        `Valid types: ${quoteList(TRAIT_TYPES)}.`,
      )
  }
}

// The keys each kind of model-judged trait has, as llmTrait() builds it.
const LLM_KIND_KEYS: Readonly<Record<string, readonly string[]>> = {
  boolean: [],
  score: ['min', 'max'],
  labels: ['labels'],
}

function readLlmTrait(data: Record<string, unknown>, at: string): LlmTrait {
  const kind = data.kind
  const kindKeys = typeof kind === 'string' ? LLM_KIND_KEYS[kind] : undefined
  if (kindKeys === undefined) {
    return invalid(
      `${at}.kind`,
      `expected a trait kind, got ${describeValue(kind)}`,
      `Valid values: ${quoteList(Object.keys(LLM_KIND_KEYS))}.`,
    )
  }
  checkKeys(data, ['type', 'name', 'description', 'kind', ...kindKeys], [], at)
  const options: Parameters<typeof llmTrait>[1] = {
    description: readString(data.description, `${at}.description`),
    kind: kind as LlmTrait['kind'],
  }
  if (data.min !== undefined) options.min = readNumber(data.min, `${at}.min`)
  if (data.max !== undefined) options.max = readNumber(data.max, `${at}.max`)
  if (data.labels !== undefined) {
    options.labels = readArray(data.labels, `${at}.labels`).map((label, i) =>
      readString(label, `${at}.labels.${i}`),
    )
  }
  return atLocation(at, () => llmTrait(readString(data.name, `${at}.name`, true), options))
}
