import { isScenarioError, quoteList, ScenarioDocumentError } from '../errors/index.js'

/**
 * Throws a `ScenarioDocumentError` about the value at `at`, a dot path into the document (`''`
 * for the document itself).
 */
export function invalid(at: string, problem: string, fix?: string): never {
  const subject = at === '' ? 'at the top level' : `at ${at}`
  throw new ScenarioDocumentError(
    { what: `Invalid scenario document: ${problem}`, subjects: [subject], fix },
    [at],
  )
}

/**
 * Checks that an object has every required key and no key outside `required` and `optional`
 * (unknown keys are errors, never ignored), naming the document location.
 */
export function checkKeys(
  value: Record<string, unknown>,
  required: readonly string[],
  optional: readonly string[],
  at: string,
): void {
  const valid = [...required, ...optional]
  const unknown = Object.keys(value).filter((key) => !valid.includes(key))
  if (unknown.length > 0) {
    const noun = unknown.length === 1 ? 'key' : 'keys'
    invalid(at, `unknown ${noun} ${quoteList(unknown)}`, `Valid keys: ${quoteList(valid)}.`)
  }
  const missing = required.filter((key) => !Object.hasOwn(value, key))
  if (missing.length > 0) {
    invalid(at, `missing ${quoteList(missing)}`)
  }
}

/**
 * Runs a library call on document data and turns its `InvalidArgumentError` into a
 * `ScenarioDocumentError` at `at`, keeping its parts, with what it says prefixed with the
 * location.
 */
export function atLocation<T>(at: string, call: () => T): T {
  try {
    return call()
  } catch (error) {
    throw documentError(error, at, true)
  }
}

/**
 * Like `atLocation`, for a call that is given the location and names it in its own messages
 * (`compileWhen(when, at)`, `hydratePrimitive(data, at)`): its parts are kept as they are.
 */
export function locatedAt<T>(at: string, call: (at: string) => T): T {
  try {
    return call(at)
  } catch (error) {
    throw documentError(error, at, false)
  }
}

function documentError(error: unknown, at: string, prefix: boolean): unknown {
  if (!isScenarioError(error) || error.code !== 'invalid_argument') return error
  const parts = {
    what: prefix ? `Invalid scenario document at ${at}: ${error.what}` : error.what,
    subjects: error.subjects,
    details: error.details,
    fix: error.fix,
  }
  return new ScenarioDocumentError(parts, [at], { cause: error })
}
