import { InvalidArgumentError, quoteList, ScenarioDocumentError } from '../errors/index.js'
import { assertReadable } from '../internal/assert-readable.js'
import { describeValue } from '../internal/describe-value.js'
import { isPlainObject } from '../primitives/index.js'
import { checkKeys, invalid } from './document-errors.js'
import type { Callable, FromJSONOptions } from './document-format.js'
import { readString } from './read-values.js'

/** A callable of the document that `callables` did not resolve. */
export interface UnresolvedCallable {
  readonly at: string
  readonly name: string
}

/** What reading one document needs and collects about its callables. */
export interface CallableResolver {
  readonly callables: Readonly<Record<string, Callable>>
  /** Callables not found, in document order: reported together at the end. */
  readonly misses: UnresolvedCallable[]
  /** The name the document gave each callable, by location. */
  readonly names: Map<string, string>
}

/** Stands in for a callable that was not found, so reading can go on and report them all. */
const unresolved: Callable = () => undefined

/** Validates `Scenario.fromJSON`'s options and starts a resolver over `callables`. */
export function callableResolver(options: FromJSONOptions | undefined): CallableResolver {
  assertReadable(options, 'Scenario.fromJSON(json, options)')
  if (options !== undefined && !isPlainObject(options)) {
    throw new InvalidArgumentError('The options of Scenario.fromJSON() must be { callables? }')
  }
  const extra = Object.keys(options ?? {}).filter((key) => key !== 'callables')
  if (extra.length > 0) {
    throw new InvalidArgumentError(
      `Unknown ${extra.length === 1 ? 'key' : 'keys'} ${quoteList(extra)} in Scenario.fromJSON() options`,
      "Valid keys: 'callables'.",
    )
  }
  const callables = options?.callables ?? {}
  if (!isPlainObject(callables)) {
    throw new InvalidArgumentError(
      '`callables` in Scenario.fromJSON() must be an object of functions',
      "Key each function by its location ('nodes.retry.stateUpdate') or by its name ('countTries').",
    )
  }
  for (const [key, value] of Object.entries(callables)) {
    if (typeof value !== 'function') {
      throw new InvalidArgumentError(
        `\`callables['${key}']\` in Scenario.fromJSON() must be a function, got ${describeValue(value)}`,
      )
    }
  }
  return { callables: callables as Record<string, Callable>, misses: [], names: new Map() }
}

/** Whether a document value is meant as a callable reference (it has a `callable` key). */
export function isCallableShape(value: unknown): value is Record<string, unknown> {
  return isPlainObject(value) && Object.hasOwn(value, 'callable')
}

/**
 * Reads `{ callable, at }` at location `at` and resolves it: by location first, then by name. A
 * callable not found is recorded as a miss (see `assertAllResolved`).
 */
export function readCallable(value: unknown, at: string, resolver: CallableResolver): Callable {
  if (!isPlainObject(value)) {
    invalid(at, `expected a callable { callable, at }, got ${describeValue(value)}`)
  }
  checkKeys(value, ['callable', 'at'], [], at)
  const name = readString(value.callable, `${at}.callable`)
  const written = readString(value.at, `${at}.at`)
  if (written !== at) {
    invalid(
      `${at}.at`,
      `the callable says it is at '${written}'`,
      `A callable names its own location: write "at": "${at}".`,
    )
  }
  resolver.names.set(at, name)
  const { callables } = resolver
  if (Object.hasOwn(callables, at)) return callables[at] as Callable
  if (name !== '' && Object.hasOwn(callables, name)) return callables[name] as Callable
  resolver.misses.push({ at, name })
  return unresolved
}

/** Throws one `ScenarioDocumentError` naming every callable that was not resolved. */
export function assertAllResolved(resolver: CallableResolver, scenario: string): void {
  const { misses } = resolver
  if (misses.length === 0) return
  const count = misses.length === 1 ? '1 callable' : `${misses.length} callables`
  const named = misses.find((miss) => miss.name !== '')
  const byName = named === undefined ? '' : ` or by name (e.g. '${named.name}')`
  throw new ScenarioDocumentError(
    {
      what: `Scenario document '${scenario}' references ${count} that Scenario.fromJSON() was not given`,
      subjects: misses.map(({ at, name }) => `${at}: ${name === '' ? '(anonymous)' : `'${name}'`}`),
      fix: `Pass ${misses.length === 1 ? 'it' : 'them'} as Scenario.fromJSON(json, { callables }), keyed by location (e.g. '${misses[0]?.at}')${byName}.`,
    },
    misses.map((miss) => miss.at),
  )
}
