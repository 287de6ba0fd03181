import { describe, expect, test } from 'vitest'
import { fitToLimit } from '../../src/github/fit-limit.js'
import { nextLink } from '../../src/github/link-header.js'
import { maskToken } from '../../src/github/mask-token.js'
import { retryAfterMs } from '../../src/github/retry-policy.js'

describe('fitToLimit', () => {
  test('leaves text within the limit as it is', () => {
    expect(fitToLimit('a\nb', 3, 'cut')).toBe('a\nb')
  })

  test('cuts at the last line break with room for the note', () => {
    const text = ['one', 'two', 'three', 'four'].join('\n')
    expect(fitToLimit(text, 16, 'cut')).toBe('one\ntwo\n\ncut')
  })

  test('cuts one long line at the limit without splitting a surrogate pair', () => {
    const text = `${'a'.repeat(9)}😀${'b'.repeat(20)}`
    const cut = fitToLimit(text, 15, 'cut')
    expect(cut).toBe(`${'a'.repeat(9)}\n\ncut`)
    expect(cut.length).toBeLessThanOrEqual(15)
    expect(fitToLimit(`${'a'.repeat(10)}😀${'b'.repeat(20)}`, 15, 'cut')).toBe(
      `${'a'.repeat(10)}\n\ncut`,
    )
  })
})

describe('nextLink', () => {
  test('reads rel="next" wherever it sits, and nothing on the last page', () => {
    expect(nextLink(null)).toBeUndefined()
    expect(
      nextLink('<https://x/a?page=1>; rel="prev", <https://x/a?page=1>; rel="first"'),
    ).toBeUndefined()
    expect(nextLink('<https://x/a?page=1>; rel="prev", <https://x/a?page=3>; rel="next"')).toBe(
      'https://x/a?page=3',
    )
    expect(nextLink('<https://x/a?page=2>; rel=next')).toBe('https://x/a?page=2')
    expect(nextLink('<https://x/a?page=2>; rel="next last"')).toBe('https://x/a?page=2')
  })
})

describe('maskToken', () => {
  test('masks the token by its value, whatever its shape', () => {
    expect(maskToken('sent x-token-1234 twice: x-token-1234', 'x-token-1234')).toBe(
      'sent [secret] twice: [secret]',
    )
    expect(maskToken('nothing here', '')).toBe('nothing here')
  })
})

describe('retryAfterMs', () => {
  test('reads seconds or an HTTP date, and ignores what is neither', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(retryAfterMs(new Headers({ 'retry-after': '3' }), now)).toBe(3000)
    expect(retryAfterMs(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:10 GMT' }), now)).toBe(
      10_000,
    )
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined()
    expect(retryAfterMs(new Headers(), now)).toBeUndefined()
  })
})
