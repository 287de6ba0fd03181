import { describe, expect, test } from 'vitest'
import { isScenarioError, ModelCallError } from '../../src/errors/index.js'
import { normalizeRequest } from '../../src/recordings/normalize-request.js'
import {
  RECORDING_FORMAT_VERSION,
  RECORDING_KEY_VERSION,
  RECORDING_KIND,
  type RecordingFile,
} from '../../src/recordings/recording-file.js'
import { redactRecording } from '../../src/recordings/secrets.js'
import { isKeyShaped, maskSecrets, rememberLiveKey, secretRules } from '../../src/secrets/index.js'

// The rules every artifact is checked against: what counts as a live key, which query
// parameters are credentials, and that error messages never carry a key.
const BASE = 'http://127.0.0.1:9/v1'

function recording(test: string, content: string, query?: string): RecordingFile {
  return {
    kind: RECORDING_KIND,
    formatVersion: RECORDING_FORMAT_VERSION,
    keyVersion: RECORDING_KEY_VERSION,
    test,
    status: 'complete',
    interactions: [
      {
        request: {
          method: 'POST',
          path: '/chat/completions',
          ...(query === undefined ? {} : { query }),
          body: { messages: [{ content: 'Is there none left?', role: 'user' }], model: 'm' },
        },
        response: { status: 200, headers: {}, body: { choices: [{ message: { content } }] } },
        durationMs: 1,
      },
    ],
  }
}

const scan = (file: RecordingFile, liveKeys: string[], env: NodeJS.ProcessEnv = {}) =>
  redactRecording(file, { file: 'a.json', rules: secretRules(liveKeys, env) })

describe('placeholder keys are not secrets (the live-key rule needs a key-shaped value)', () => {
  test.each(['none', 'test', 'EMPTY', 'ollama', 'dummy', 'sk-no-key', 'testtesttesttest'])(
    "apiKey '%s' refuses no recording that merely contains the word",
    (key) => {
      const file = recording(`counts ${key} > when ${key} is left`, `There is ${key} left.`)
      expect(() => scan(file, [key])).not.toThrow()
      expect(isKeyShaped(key)).toBe(false)
    },
  )

  test('a key-shaped live key is still refused, by name and path only', () => {
    const key = '8f4e0c6a1b2d4e6f8a0c2e4f6a8b0c2d'
    expect(isKeyShaped(key)).toBe(true)
    const error = (() => {
      try {
        scan(recording('t', `key ${key}`), [key])
      } catch (caught) {
        return caught as Error & { jsonPath: string; pattern: string }
      }
      throw new Error('not refused')
    })()
    expect(error.pattern).toBe('the live API key')
    expect(error.jsonPath).toBe('interactions.0.response.body.choices.0.message.content')
    expect(error.message).not.toContain(key)
  })

  test('the secret-named environment rule keeps its 8-character floor', () => {
    const env = { LOCAL_API_KEY: 'none', OTHER_TOKEN: 'tok-12345678' }
    expect(() => scan(recording('t', 'none of it'), [], env)).not.toThrow()
    expect(() => scan(recording('t', 'it is tok-12345678'), [], env)).toThrow(/OTHER_TOKEN/)
  })
})

describe('credential query parameters never reach a recording', () => {
  const credentials = [
    'subscription-key',
    'x-api-key',
    'api-key',
    'api_key',
    'apikey',
    'key',
    'auth_token',
    'access_token',
    'client_secret',
    'password',
    'sig',
    'signature',
    'code',
    'Ocp-Apim-Subscription-Key',
    'X-Amz-Signature',
    'sv-sig',
    'AUTH',
    'session_id',
    // Every name of the documented list, in any case.
    'token',
    'id_token',
    'jwt',
    'JWT',
    'pass',
    'Pass',
    'passwd',
    'secret',
    'authorization',
    // A `pass` segment, and names containing jwt.
    'db_pass',
    'pass-phrase',
    'id_jwt',
  ]
  test.each(credentials)('%s is dropped from the stored query', (name) => {
    const url = `${BASE}/chat/completions?${encodeURIComponent(name)}=c4n4ry-v4lue-123&api-version=2024-10-21`
    const request = normalizeRequest(url, { method: 'POST', body: '{}' }, BASE)
    expect(request.query).toBe('api-version=2024-10-21')
  })

  test.each(['passage', 'bypass', 'compass', 'api-version'])(
    '%s is no credential: kept in the stored query',
    (name) => {
      const url = `${BASE}/chat/completions?${name}=1`
      const request = normalizeRequest(url, { method: 'POST', body: '{}' }, BASE)
      expect(request.query).toBe(`${name}=1`)
    },
  )

  test('the user-info of the URL is never stored', () => {
    const base = 'http://user:hunter2pass@127.0.0.1:9/v1'
    const request = normalizeRequest(`${base}/chat/completions?pass=x`, { method: 'POST' }, base)
    expect(request).toEqual({ method: 'POST', path: '/chat/completions' })
    expect(JSON.stringify(request)).not.toContain('hunter2')
  })

  test('a kept parameter whose value looks like a secret is refused at the write', () => {
    const file = recording('t', 'fine', 'note=sk-proj-AbCdEfGhIjKlMnOpQrStUv')
    expect(() => scan(file, [])).toThrow(/interactions\.0\.request\.query.*sk- key/)
  })
})

describe('printed text masks secrets', () => {
  test('an error body that echoes the key is masked in the ModelCallError message', () => {
    const key = 'k3y-ech0ed-1n-the-b0dy-f00d'
    rememberLiveKey(key)
    const error = new ModelCallError(
      {
        category: 'unexpected',
        stage: 'answer',
        status: 401,
        attempts: 1,
        model: 'm',
        message: `401 Incorrect API key provided: ${key}. Also sk-proj-AbCdEfGhIjKlMnOpQrStUv.`,
      },
      undefined,
    )
    expect(isScenarioError(error)).toBe(true)
    expect(error.message).not.toContain(key)
    expect(error.message).not.toContain('sk-proj-AbCdEf')
    expect(error.message).toContain('Incorrect API key provided: [secret]')
  })

  test('a longer secret is masked before a shorter one it contains', () => {
    const env = { A_TOKEN: 'abcdefgh', B_TOKEN: 'abcdefgh-and-more' }
    let text = 'x abcdefgh-and-more y'
    for (const rule of secretRules([], env)) text = rule.mask(text)
    expect(text).toBe('x [secret] y')
  })

  test.each([
    [
      'Request cannot be constructed from a URL that includes credentials: http://user:hunter2pass@127.0.0.1:9/v1/chat/completions',
      'Request cannot be constructed from a URL that includes credentials: http://[secret]@127.0.0.1:9/v1/chat/completions',
    ],
    ['https://x-access-token:ghp_hunter2@github.com/a', 'https://[secret]@github.com/a'],
    // A raw `@` in the password: the user-info ends at the last `@` before the host.
    ['"postgres://admin:hunter2@pass@db:5432/app"', '"postgres://[secret]@db:5432/app"'],
    ['(http://user:@host)', '(http://[secret]@host)'],
    ['a: HTTP://u:hunter2pass@h b: http://v:w@k', 'a: HTTP://[secret]@h b: http://[secret]@k'],
  ])('the password of a URL is masked, the whole user-info with it: %s', (text, masked) => {
    expect(maskSecrets(text)).toBe(masked)
    expect(secretRules([], {}).some((rule) => rule.test(text))).toBe(true)
  })

  test.each([
    'http://127.0.0.1:8080/v1?mail=someone@example.com',
    'ssh://git@github.com/org/repo',
    'mail user@example.com at http://host:80',
    'http://host:80 and me@example.com',
  ])('a URL without a password is left as it is: %s', (text) => {
    expect(maskSecrets(text)).toBe(text)
  })

  test('an error message quoting a URL with a password shows it masked', () => {
    const error = new ModelCallError(
      {
        category: 'connection',
        stage: 'answer',
        attempts: 1,
        model: 'm',
        message:
          'Connection error (Request cannot be constructed from a URL that includes credentials: http://user:hunter2pass@127.0.0.1:9/v1/chat/completions)',
      },
      undefined,
    )
    expect(error.message).not.toContain('hunter2pass')
    expect(error.message).toContain('http://[secret]@127.0.0.1:9/v1/chat/completions')
  })

  test('a recording that holds a URL with a password is refused', () => {
    const file = recording('t', 'Connect to postgres://app:hunter2pass@db/app')
    expect(() => scan(file, [])).toThrow(/message\.content looks like a secret \(URL password\)/)
  })

  test('maskSecrets leaves text without secrets unchanged', () => {
    expect(maskSecrets('The answer is none.')).toBe('The answer is none.')
  })
})
