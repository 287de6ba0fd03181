import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { InvalidArgumentError } from '../../src/errors/index.js'
import { parseOptionKeys } from '../../src/internal/option-keys.js'
import { parseOptions } from '../../src/internal/options-schema.js'

const keys = ['mode', 'redact', 'store'] as const
const context = { where: 'thing(options)', fix: 'Pass only the keys listed.' }

/** Every object of a subset of `keys`, each value defined or `undefined`, in both key orders. */
function objectsOfListedKeys(): Record<string, unknown>[] {
  const objects: Record<string, unknown>[] = []
  for (let mask = 0; mask < 3 ** keys.length; mask++) {
    const entries: [string, unknown][] = []
    keys.forEach((key, i) => {
      const digit = Math.floor(mask / 3 ** i) % 3
      if (digit === 1) entries.push([key, `value of ${key}`])
      if (digit === 2) entries.push([key, undefined])
    })
    objects.push(Object.fromEntries(entries), Object.fromEntries(entries.reverse()))
  }
  objects.push(Object.assign(Object.create(null), { mode: 'replay' }))
  return objects
}

/** The options schema of the same rule: a plain object, listed keys only, any value. */
const schema = z.strictObject(
  Object.fromEntries(keys.map((key) => [key, z.unknown().optional()])),
  {
    error: 'an options object { mode?, redact?, store? }',
  },
)

/** The message of an error `fn` throws. */
function messageOf(fn: () => unknown): string {
  try {
    fn()
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('did not throw')
}

describe('parseOptionKeys', () => {
  test('an object of listed keys gives what the schema outputs: the same keys, order and values', () => {
    for (const options of objectsOfListedKeys()) {
      const parsed = parseOptionKeys(options, keys, context)
      const expected = schema.parse(options)
      expect(Object.entries(parsed)).toEqual(Object.entries(expected))
      // A copy: the reader may not change the caller's object through it.
      expect(parsed).not.toBe(options)
    }
  })

  test('an unknown key is refused with the valid keys named', () => {
    expect(() => parseOptionKeys({ mode: 'replay', moed: 1 }, keys, context)).toThrow(
      InvalidArgumentError,
    )
    expect(() => parseOptionKeys({ moed: 1 }, keys, context)).toThrow(
      "unknown key 'moed' in options; valid keys: 'mode', 'redact', 'store'",
    )
  })

  test('its messages are those of the same rule written as an options schema', () => {
    // (A class instance is refused before any schema would see it: the schema alone takes a Map.)
    for (const value of [{ mode: 'replay', moed: 1 }, { a: 1, b: 2 }, 3, null, []]) {
      expect(messageOf(() => parseOptionKeys(value, keys, context))).toBe(
        messageOf(() => parseOptions(schema, value, context)),
      )
    }
  })

  test('undefined is {}, and anything but a plain object is refused', () => {
    expect(parseOptionKeys(undefined, keys, context)).toEqual({})
    for (const value of [null, 3, 'mode', [], new Map(), new (class Options {})()]) {
      expect(() => parseOptionKeys(value, keys, context)).toThrow(
        'an options object { mode?, redact?, store? }',
      )
    }
  })

  test('an option that cannot be read is named, not thrown through', () => {
    const { proxy, revoke } = Proxy.revocable({}, {})
    revoke()
    expect(() => parseOptionKeys({ store: { deep: proxy } }, keys, context)).toThrow(
      InvalidArgumentError,
    )
  })
})
