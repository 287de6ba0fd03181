// Checking a run's options with their zod schema cost about as much as a whole turn once the
// process runs other zod schemas too (zod's shared parse functions are then megamorphic), and a
// test file runs the same answering side with the same options many times: `{ model: agent,
// turnLimit: 5 }` or `{ model: config }` written out on every call. The result of a check depends
// on the options' values alone, so when an options object holds the same keys with the same values
// as one already checked for the same answering side, the earlier result is the answer.
//
// Only values that cannot change behind an identity are compared that way: primitives, functions
// (an agent is checked by its type) and a model config object whose own values are all primitives
// or functions, compared by those values, not by its identity: a `scenario()` test's options are
// checked when the test is declared, so each test hands its run a copy of the config it was
// written with (and a config changed in place is checked again). The other objects are those a host adds to every run, a new one each test (the test's
// recording session and abort signal): each is checked on its own, every time, by the same test
// the schema runs, and put in the reused result. An options object with any other object value (a
// seed, a config holding a client) is checked every time.

/**
 * The options checked apart, each by the test the schema runs on it: an object under one of these
 * keys is not compared, and the reused result gets the run's own.
 */
export type CheckedApart = Readonly<Record<string, (value: unknown) => boolean>>

/** Options checked before for one answering side: their keys and values, in order, and the result. */
interface Checked {
  keys: readonly string[]
  values: readonly unknown[]
  /** The model config's own keys and values, when the answering side is one. */
  config: Entries | undefined
  /** The check's result, without the values checked apart. */
  output: Record<string, unknown>
}

/**
 * Checks options with a check of their own (`check`), reusing its result as described above.
 * Each options schema has its own memo: one schema's result is no answer for another's.
 */
export type CheckedOptions = <T extends object>(
  options: unknown,
  check: () => T,
  apart: CheckedApart,
) => T

/**
 * A memo of one options check (see `checkedOptions`), with caches of its own: per agent function
 * its last checked options, and the last options checked with a model config (caches of pure
 * results: they change no outcome).
 *
 * @example
 * const checkedRunOptions = optionsMemo()
 * const checked = checkedRunOptions(options, () => parseOptions(schema, options, context), {})
 */
export function optionsMemo(): CheckedOptions {
  const byAgent = new WeakMap<object, Checked>()
  let lastWithConfig: Checked | undefined
  return (options, check, apart) =>
    checkedOptions(options, check, apart, {
      get: (agent) => (agent === undefined ? lastWithConfig : byAgent.get(agent)),
      set: (agent, checked) => {
        if (agent === undefined) lastWithConfig = checked
        else byAgent.set(agent, checked)
      },
    })
}

/** Where one memo keeps its checks: by agent function, or (`undefined`) the one with a config. */
interface Cache {
  get(agent: object | undefined): Checked | undefined
  set(agent: object | undefined, checked: Checked): void
}

/**
 * `check(options)`'s result, from the last options checked for the same answering side when they
 * hold the same keys with the same comparable values; otherwise checked now (and kept when the
 * check passes and the options can be compared so). An object under a key of `apart` that passes
 * its test is set on the reused result; one that fails it makes the check run. A check that
 * throws throws every time.
 */
function checkedOptions<T extends object>(
  options: unknown,
  check: () => T,
  apart: CheckedApart,
  cache: Cache,
): T {
  const entries = entriesOf(options, apart)
  if (entries === undefined) return check()
  const { model } = entries
  const config = typeof model === 'object' && model !== null ? entriesOf(model, NOTHING) : undefined
  if (typeof model !== 'function' && config === undefined) return check()
  for (const key of Object.keys(entries.apart)) {
    const passes = apart[key]
    if (passes === undefined || !passes(entries.apart[key])) return check()
  }
  const agent = config === undefined ? (model as object) : undefined
  const cached = cache.get(agent)
  if (cached !== undefined && sameEntries(cached, entries) && sameConfig(cached, config)) {
    return withApart(cached.output, entries.apart) as T
  }
  const output = check()
  const checked: Checked = {
    keys: entries.keys,
    values: entries.values,
    config,
    // Kept without the values checked apart: a later run gets its own.
    output: withoutApart(output as Record<string, unknown>, entries.apart),
  }
  cache.set(agent, checked)
  return output
}

/** `output` with the run's own values checked apart, as a copy (itself when there are none). */
function withApart(
  output: Record<string, unknown>,
  own: Record<string, object>,
): Record<string, unknown> {
  return Object.keys(own).length === 0 ? output : { ...output, ...own }
}

/** `output` without the values checked apart, as a copy (itself when there are none). */
function withoutApart(
  output: Record<string, unknown>,
  own: Record<string, object>,
): Record<string, unknown> {
  const keys = Object.keys(own)
  if (keys.length === 0) return output
  const copy = { ...output }
  for (const key of keys) delete copy[key]
  return copy
}

/** A plain object's own keys and values, the objects under keys checked apart kept apart. */
interface Entries {
  keys: string[]
  /** The values, `undefined` for those kept apart and for a model config (compared apart). */
  values: unknown[]
  apart: Record<string, object>
  /** The `model` option (at the options' top level). */
  model: unknown
}

/** What a model config has apart: nothing (any object in it makes the options checked). */
const NOTHING: CheckedApart = Object.freeze({})

/**
 * The own keys and values of a plain object whose values are all primitives or functions, but
 * for objects under the keys of `apart` (kept apart) and, at the options' top level, the `model`
 * object (compared by identity and by its own entries); `undefined` for anything else, or when
 * reading it throws (the check then reports it).
 */
function entriesOf(value: unknown, apart: CheckedApart): Entries | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const top = apart !== NOTHING
  try {
    if (Object.getPrototypeOf(value) !== Object.prototype) return undefined
    const keys = Object.keys(value)
    const values: unknown[] = new Array(keys.length)
    const own: Record<string, object> = {}
    let model: unknown
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string
      const item = (value as Record<string, unknown>)[key]
      if (top && key === 'model') model = item
      if (typeof item === 'object' && item !== null) {
        if (Object.hasOwn(apart, key)) own[key] = item
        else if (!top || key !== 'model') return undefined
        continue
      }
      values[i] = item
    }
    return { keys, values, apart: own, model }
  } catch {
    return undefined
  }
}

function sameEntries(checked: Checked, entries: Entries): boolean {
  return sameList(checked.keys, entries.keys) && sameList(checked.values, entries.values)
}

function sameConfig(checked: Checked, config: Entries | undefined): boolean {
  if (checked.config === undefined || config === undefined) return checked.config === config
  return (
    sameList(checked.config.keys, config.keys) && sameList(checked.config.values, config.values)
  )
}

function sameList(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false
  return true
}
