import { InvalidArgumentError } from '../errors/invalid-argument-error.js'
import { MAX_JSON_DEPTH, shortPath } from './json-depth.js'

/** Plain data nested deeper than this is refused: the engine copies and compares it recursively. */
export const MAX_DATA_DEPTH = MAX_JSON_DEPTH

/**
 * Reads every property of a plain-data argument once — plain objects (also with a null
 * prototype) and arrays, recursively; class instances, functions, zod schemas and other opaque
 * values are not entered — and throws an `InvalidArgumentError` naming `where` and the property
 * when a read throws (a throwing getter, a Proxy trap, a revoked Proxy), when the data refers
 * back to itself, or when it is nested deeper than `MAX_DATA_DEPTH`. After it returns, the
 * checks that follow can read the value without running into any of these. With `levels`, only
 * that many levels are entered (`2`: the array and its items' own properties), for data whose
 * deeper parts are checked, once and cached, by someone else.
 *
 * @example
 * assertReadable(options, 'countTurns(options)')
 */
export function assertReadable(
  value: unknown,
  where: string,
  levels = Number.POSITIVE_INFINITY,
): void {
  walk(value, where, '', 0, new Set(), levels)
}

type Kind = 'array' | 'plain' | 'opaque'

function kindOf(value: object): Kind {
  if (Array.isArray(value)) return 'array'
  const proto: unknown = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null ? 'plain' : 'opaque'
}

function walk(
  value: unknown,
  where: string,
  path: string,
  depth: number,
  ancestors: Set<object>,
  levels: number,
): void {
  if (typeof value !== 'object' || value === null || depth >= levels) return
  const kind = read(where, path, () => kindOf(value))
  if (kind === 'opaque') return
  if (ancestors.has(value)) {
    throw new InvalidArgumentError(
      `${at(path)} of ${where} refers back to itself`,
      'Pass plain data without cycles (a tree of objects, arrays and scalars).',
    )
  }
  if (depth >= MAX_DATA_DEPTH) {
    // The path is cut to its first segments: a thousand of them would bury the message.
    throw new InvalidArgumentError(
      `${at(shortPath(path))} of ${where} is nested more than ${MAX_DATA_DEPTH} levels deep`,
      'Pass flatter data.',
    )
  }
  ancestors.add(value)
  const keys = read(where, path, () => Object.keys(value))
  for (const key of keys) {
    const child = join(path, key)
    walk(
      read(where, child, () => (value as Record<string, unknown>)[key]),
      where,
      child,
      depth + 1,
      ancestors,
      levels,
    )
  }
  ancestors.delete(value)
}

/** Runs one read of the caller's value; an error it throws becomes the caller's error. */
function read<T>(where: string, path: string, get: () => T): T {
  try {
    return get()
  } catch (error) {
    throw new InvalidArgumentError(
      `Reading ${at(path)} of ${where} threw ${thrownName(error)}`,
      'Pass plain data: values without getters that throw, and no revoked or throwing Proxy.',
      undefined,
      { cause: error },
    )
  }
}

function at(path: string): string {
  return path === '' ? 'the argument' : `\`${path}\``
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`
}

function thrownName(error: unknown): string {
  if (!(error instanceof Error)) return 'a value that is not an Error'
  try {
    const line = String(error.message).split('\n')[0] ?? ''
    return `${String(error.name)}: ${line.length > 100 ? `${line.slice(0, 99)}…` : line}`
  } catch {
    return 'an Error that cannot be printed'
  }
}
