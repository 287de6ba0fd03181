// The broad arbitrary of the fuzz: every kind of value a careless or hostile caller can pass,
// from `undefined` to Proxies whose every trap throws. Values that run code when read (getters,
// `toString`, `Symbol.toPrimitive`, traps) throw a `HostileError`, so a failure report shows
// whose code threw.
import fc from 'fast-check'
import { constant, type Recipe, recipe } from './recipe.js'

/** What the hostile values throw when they are read, converted or trapped. */
export class HostileError extends Error {
  override name = 'HostileError'
}

const hostile = (what: string) => (): never => {
  throw new HostileError(`hostile ${what}`)
}

/** Keys the public API reads: a throwing getter on one of them is reached at once. */
const READ_KEYS = [
  'type',
  'name',
  'kind',
  'question',
  'schema',
  'when',
  'model',
  'node',
  'results',
  'history',
  'path',
  'status',
  'scenarioId',
  'description',
  'check',
  'evaluate',
  'then',
  'toJSON',
  'length',
  'constructor',
  'verifyResult',
  'options',
  'interval',
  'passRate',
  'outcomeResults',
  'turnCount',
  'formatVersion',
  'fetch',
  'baseURL',
  'withOptions',
] as const

const HUGE = 'x'.repeat(100_000)

function deepObject(depth: number): unknown {
  let value: Record<string, unknown> = { leaf: true }
  for (let i = 0; i < depth; i++) value = { a: value }
  return value
}

function deepArray(depth: number): unknown {
  let value: unknown[] = []
  for (let i = 0; i < depth; i++) value = [value]
  return value
}

/** JSON text of an array nested `depth` deep, as a server may send it. */
function deepJsonText(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`
}

/** An object whose own keys are `__proto__` and `constructor`, as JSON.parse builds it. */
const PROTO_JSON = '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'

/** A terminal hyperlink (OSC 8): text that shows one thing and links another. */
const OSC8 = '\u001b]8;;https://example.com\u0007click\u001b]8;;\u0007'

function cyclicObject(): unknown {
  const value: Record<string, unknown> = { type: 'AllOf' }
  value.self = value
  value.conditions = [value]
  return value
}

function cyclicArray(): unknown {
  const value: unknown[] = [1]
  value.push(value)
  return value
}

function throwingGetters(): unknown {
  const value: Record<string, unknown> = {}
  for (const key of READ_KEYS) {
    Object.defineProperty(value, key, { get: hostile(`getter '${key}'`), enumerable: true })
  }
  return value
}

function throwingProxy(): unknown {
  const trap = hostile('Proxy trap')
  return new Proxy(
    {},
    {
      get: trap,
      set: trap,
      has: trap,
      ownKeys: trap,
      getOwnPropertyDescriptor: trap,
      getPrototypeOf: trap,
      defineProperty: trap,
      deleteProperty: trap,
      isExtensible: trap,
      preventExtensions: trap,
      setPrototypeOf: trap,
    },
  )
}

function revokedProxy(): unknown {
  const { proxy, revoke } = Proxy.revocable({}, {})
  revoke()
  return proxy
}

function rejected(): unknown {
  const promise = Promise.reject(new HostileError('hostile rejected promise'))
  // Handled here, so the value itself is not an unhandled rejection.
  promise.catch(() => undefined)
  return promise
}

class Opaque {
  readonly x = 1
  method(): number {
    return this.x
  }
}

/** Fixed hostile values, each built fresh by its recipe. */
const FIXED: readonly Recipe[] = [
  constant(undefined),
  constant(null),
  constant(true),
  constant(false),
  constant(0),
  constant(-0, '-0'),
  constant(1),
  constant(-1),
  constant(0.5),
  constant(Number.NaN),
  constant(Number.POSITIVE_INFINITY),
  constant(Number.NEGATIVE_INFINITY),
  constant(1e9),
  constant(-1e9),
  constant(Number.MAX_SAFE_INTEGER),
  constant(Number.MAX_VALUE),
  constant(Number.MIN_VALUE),
  constant(''),
  constant(' '),
  constant('a'),
  constant('__end__'),
  constant('__proto__'),
  constant('constructor'),
  constant('toString'),
  constant('hasOwnProperty'),
  constant('completed'),
  constant('a.b.c'),
  constant('[0]'),
  constant('\u0000\u0007\u001b[2J\u001b]0;title\u0007'),
  constant('é😀\u200b\ud800'),
  constant('{"a":1}'),
  constant(HUGE, "'x'.repeat(100000)"),
  constant(Symbol('hostile'), 'Symbol(hostile)'),
  constant(Symbol.iterator, 'Symbol.iterator'),
  constant(0n, '0n'),
  constant(10n ** 30n, '10n ** 30n'),
  recipe('() => undefined', () => () => undefined),
  recipe('async () => undefined', () => async () => undefined),
  recipe('a function that throws', () => hostile('function call')),
  recipe('class K {}', () => class K {}),
  recipe('[]', () => []),
  recipe('[undefined]', () => [undefined]),
  recipe('[null]', () => [null]),
  recipe('new Array(3) (sparse)', () => new Array(3)),
  recipe("[1, 'a', {}, null]", () => [1, 'a', {}, null]),
  recipe('{}', () => ({})),
  recipe('{ a: 1 }', () => ({ a: 1 })),
  recipe('Object.create(null)', () => Object.create(null)),
  recipe("Object.create(null) with type 'TurnAt'", () =>
    Object.assign(Object.create(null), { type: 'TurnAt', index: 0 }),
  ),
  recipe('an object with throwing getters', throwingGetters),
  recipe('{ toString() throws }', () => ({ toString: hostile('toString') })),
  recipe('{ valueOf() throws, toString() throws }', () => ({
    valueOf: hostile('valueOf'),
    toString: hostile('toString'),
  })),
  recipe('{ [Symbol.toPrimitive]() throws }', () => ({
    [Symbol.toPrimitive]: hostile('Symbol.toPrimitive'),
  })),
  recipe('a transparent Proxy of {}', () => new Proxy({}, {})),
  recipe('a transparent Proxy of []', () => new Proxy([], {})),
  recipe('a Proxy whose every trap throws', throwingProxy),
  recipe('a revoked Proxy', revokedProxy),
  recipe('new Date(0)', () => new Date(0)),
  recipe('new Date(NaN)', () => new Date(Number.NaN)),
  recipe('/x/g', () => /x/g),
  recipe('new Map()', () => new Map([['a', 1]])),
  recipe('new Set()', () => new Set([1])),
  recipe('new WeakMap()', () => new WeakMap()),
  recipe("new Error('e')", () => new Error('e')),
  recipe('new TypeError()', () => new TypeError('t')),
  recipe('new Opaque()', () => new Opaque()),
  recipe('Object.freeze({ a: 1 })', () => Object.freeze({ a: 1 })),
  recipe('Object.freeze([])', () => Object.freeze([])),
  recipe('Promise.resolve(1)', () => Promise.resolve(1)),
  recipe('a rejected Promise', rejected),
  // Thenables on purpose: `await` calls their `then`, which a library must not trip over.
  recipe('{ then(resolve) }', () => ({
    // biome-ignore lint/suspicious/noThenProperty: a thenable is one of the hostile values.
    then: (resolve: (v: unknown) => void) => resolve(1),
  })),
  // biome-ignore lint/suspicious/noThenProperty: a thenable whose then throws.
  recipe('{ then() throws }', () => ({ then: hostile('then') })),
  recipe('new Uint8Array(3)', () => new Uint8Array(3)),
  recipe("new String('x')", () => new String('x')),
  recipe('Object(Symbol())', () => Object(Symbol('boxed'))),
  recipe('an object nested 1000 deep', () => deepObject(1000)),
  recipe('an array nested 1000 deep', () => deepArray(1000)),
  // Past the documented limit and past what a recursive walk survives.
  recipe('an object nested 5000 deep', () => deepObject(5000)),
  recipe('an array nested 5000 deep', () => deepArray(5000)),
  constant(deepJsonText(5000), 'JSON text nested 5000 deep'),
  // Keys that are keys in JSON and prototypes in JavaScript: JSON.parse makes them own keys.
  recipe(`JSON.parse('${PROTO_JSON}')`, () => JSON.parse(PROTO_JSON)),
  recipe('{ constructor: { prototype: { polluted: true } } }', () => ({
    constructor: { prototype: { polluted: true } },
  })),
  constant(PROTO_JSON, `'${PROTO_JSON}'`),
  constant(OSC8, 'an OSC-8 link'),
  constant('\u001b[31mred\u001b[0m\u009b2J', 'CSI colour and a C1 CSI'),
  recipe('a cyclic object', cyclicObject),
  recipe('a cyclic array', cyclicArray),
  recipe('an object with 10,000 keys', () =>
    Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i])),
  ),
]

/** Arbitrary generated data, null-prototype objects, boxed values and typed arrays included. */
const generated: fc.Arbitrary<Recipe> = fc
  .anything({
    maxDepth: 3,
    maxKeys: 4,
    withBigInt: true,
    withBoxedValues: true,
    withDate: true,
    withMap: true,
    withNullPrototype: true,
    withObjectString: true,
    withSet: true,
    withSparseArray: true,
    withTypedArray: true,
    withUnicodeString: true,
  })
  .map((value) => {
    const label = fc.stringify(value)
    // The same value for every call of the run; calls may mutate it, so rebuild it from JSON-ish
    // data is not possible for Maps and Dates: a shallow structured clone keeps each call fresh.
    return recipe(label, () => {
      try {
        return structuredClone(value)
      } catch {
        return value
      }
    })
  })

/** Any hostile or unexpected value (a recipe for it). */
export const hostileValue: fc.Arbitrary<Recipe> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...FIXED) },
  { weight: 1, arbitrary: generated },
)

/**
 * An argument that is usually valid (so the call gets past its first check) and sometimes
 * hostile.
 */
export function arg(valid: fc.Arbitrary<Recipe>, hostileWeight = 1): fc.Arbitrary<Recipe> {
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: hostileWeight, arbitrary: hostileValue },
  )
}

/** One of the given valid recipes. */
export function oneOf(...valid: Recipe[]): fc.Arbitrary<Recipe> {
  return fc.constantFrom(...valid)
}

/**
 * A valid object recipe with, sometimes, one key's value replaced by a hostile value, one
 * unknown key added, or the object rebuilt on a null prototype: the call gets past the first
 * check and the deeper ones are exercised.
 */
export function tampered(
  valid: fc.Arbitrary<Recipe>,
  keys: readonly string[],
): fc.Arbitrary<Recipe> {
  const change = fc.oneof(
    fc.constant({ kind: 'none' as const }),
    fc.record({
      kind: fc.constant('set' as const),
      key: fc.constantFrom(...keys, 'unknownKey'),
      value: hostileValue,
    }),
    fc.constant({ kind: 'null-prototype' as const }),
  )
  return fc.tuple(valid, change).map(([base, c]) => {
    if (c.kind === 'none') return base
    if (c.kind === 'null-prototype') {
      return recipe(`Object.assign(Object.create(null), ${base.label})`, () =>
        Object.assign(Object.create(null), base.make()),
      )
    }
    return recipe(`{ ...${base.label}, ${c.key}: ${c.value.label} }`, () => {
      const made = base.make()
      const target = typeof made === 'object' && made !== null ? { ...made } : {}
      return Object.assign(target, { [c.key]: c.value.make() })
    })
  })
}

/**
 * A valid recipe with, sometimes, the value at one path inside it (`['history', 0, 'toolCalls']`)
 * replaced by a hostile value: the checks below the top level are exercised too.
 */
export function tamperedAt(
  valid: fc.Arbitrary<Recipe>,
  paths: readonly (readonly (string | number)[])[],
): fc.Arbitrary<Recipe> {
  const change = fc.option(fc.tuple(fc.constantFrom(...paths), hostileValue), { freq: 2 })
  return fc.tuple(valid, change).map(([base, c]) => {
    if (c === null) return base
    const [path, value] = c
    return recipe(`${base.label} with ${path.join('.')} = ${value.label}`, () => {
      const made = base.make()
      try {
        let parent: unknown = made
        for (const key of path.slice(0, -1)) {
          parent = (parent as Record<string | number, unknown> | undefined)?.[key]
        }
        if (typeof parent === 'object' && parent !== null && !Object.isFrozen(parent)) {
          ;(parent as Record<string | number, unknown>)[path.at(-1) as string | number] =
            value.make()
        }
      } catch {
        // The value was already made hostile above this path (a Proxy, say): leave it so.
      }
      return made
    })
  })
}
