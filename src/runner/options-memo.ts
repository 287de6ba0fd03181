// Checking a run's options with their zod schema cost about as much as a whole turn once the
// process runs other zod schemas too (zod's shared parse functions are then megamorphic), and a
// test file runs the same agent with the same options many times: `{ model: agent, turnLimit: 5 }`
// written out on every call. The result of a check depends on the options' values alone, so when
// an options object holds the same keys with the same values as one already checked for the same
// agent, the earlier result is the answer. Only values that cannot change behind an identity are
// compared that way — primitives and functions (the agent is checked by its type); an options
// object with any other object value (a seed, a signal, a session) is checked every time.

/** Options checked before for one agent: their keys and values, in order, and the result. */
interface Checked {
  keys: readonly string[]
  values: readonly unknown[]
  output: unknown
}

// Per agent function, its last checked options (a cache of pure results: it changes no outcome).
const checkedByAgent = new WeakMap<object, Checked>()

/**
 * `check(options)`'s result, from the last options checked for the same agent when they hold the
 * same keys with the same primitive or function values; otherwise checked now (and kept when the
 * check passes and the options can be compared so). A check that throws throws every time.
 */
export function checkedOptions<T>(options: unknown, check: () => T): T {
  const entries = entriesOf(options)
  const model = entries === undefined ? undefined : entries.values[entries.keys.indexOf('model')]
  if (entries === undefined || typeof model !== 'function') return check()
  const cached = checkedByAgent.get(model)
  if (cached !== undefined && sameEntries(cached, entries)) return cached.output as T
  const output = check()
  checkedByAgent.set(model, { keys: entries.keys, values: entries.values, output })
  return output
}

/**
 * The own keys and values of a plain object whose values are all primitives or functions;
 * `undefined` for anything else, or when reading it throws (the check then reports it).
 */
function entriesOf(options: unknown): { keys: string[]; values: unknown[] } | undefined {
  if (typeof options !== 'object' || options === null) return undefined
  try {
    if (Object.getPrototypeOf(options) !== Object.prototype) return undefined
    const keys = Object.keys(options)
    const values: unknown[] = new Array(keys.length)
    for (let i = 0; i < keys.length; i++) {
      const value = (options as Record<string, unknown>)[keys[i] as string]
      if (typeof value === 'object' && value !== null) return undefined
      values[i] = value
    }
    return { keys, values }
  } catch {
    return undefined
  }
}

function sameEntries(checked: Checked, entries: { keys: string[]; values: unknown[] }): boolean {
  const { keys, values } = entries
  if (keys.length !== checked.keys.length) return false
  for (let i = 0; i < keys.length; i++) {
    if (keys[i] !== checked.keys[i] || !Object.is(values[i], checked.values[i])) return false
  }
  return true
}
