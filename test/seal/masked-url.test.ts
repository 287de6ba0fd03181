import { expect, test } from 'vitest'
import { maskedUrl } from '../../src/seal/masked-url.js'

test('user-info and credential query parameters are masked, the rest kept', () => {
  expect(maskedUrl(new URL('https://me:pw@api.example.com/v1?api_key=abc&v=2'))).toBe(
    'https://[secret]@api.example.com/v1?api_key=[secret]&v=2',
  )
  expect(
    maskedUrl(
      new URL('https://x.example/p?key=1&token=2&sig=3&code=4&access_token=5&page=6&pass=7#frag'),
    ),
  ).toBe(
    'https://x.example/p?key=[secret]&token=[secret]&sig=[secret]&code=[secret]&access_token=[secret]&page=6&pass=[secret]#…',
  )
  expect(maskedUrl(new URL('http://127.0.0.1:8080/ping'))).toBe('http://127.0.0.1:8080/ping')
})
