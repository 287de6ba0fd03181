import { afterEach, describe, expect, test, vi } from 'vitest'
import { RecordingSecretError } from '../../src/errors/index.js'
import type { RedactHook } from '../../src/recordings/normalize-request.js'
import {
  RECORDING_FORMAT_VERSION,
  RECORDING_KEY_VERSION,
  RECORDING_KIND,
  type RecordingFile,
} from '../../src/recordings/recording-file.js'
import { maskSecrets, redactRecording, secretRules } from '../../src/recordings/secrets.js'

const FILE = 'test/__recordings__/a.test.ts/leaks-0badc0de.json'
const CONTENT_PATH = 'interactions.0.response.body.choices.0.message.content'

const LIVE_KEY = 'live-key-0123456789'
const SK_KEY = 'sk-proj-AbCdEfGhIjKlMnOpQrStUv'
const BEARER = 'Bearer abcdefghijklmnopqrstuvwxyz012345'
const JWT =
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'

/** A one-call recording whose assistant message is `content`. */
function recording(content: string, question = 'Which drug?'): RecordingFile {
  return {
    kind: RECORDING_KIND,
    formatVersion: RECORDING_FORMAT_VERSION,
    keyVersion: RECORDING_KEY_VERSION,
    test: 'secrets > leaks',
    status: 'complete',
    interactions: [
      {
        request: {
          method: 'POST',
          path: '/chat/completions',
          body: { messages: [{ content: question, role: 'user' }], model: 'm' },
        },
        response: {
          status: 200,
          headers: { 'content-type': 'application/json' },
          body: { id: 'chatcmpl-1', choices: [{ message: { role: 'assistant', content } }] },
        },
        durationMs: 5,
      },
    ],
  }
}

const contentOf = (file: RecordingFile) =>
  (
    file.interactions[0]?.response.body as
      | { choices: { message: { content: string } }[] }
      | undefined
  )?.choices[0]?.message.content

/** Runs the scan and returns the error it throws (fails the test when it throws none). */
function refusal(
  file: RecordingFile,
  options: {
    liveKeys?: string[]
    env?: NodeJS.ProcessEnv
    redact?: RedactHook
    allowSecrets?: string[]
  } = {},
): RecordingSecretError {
  try {
    scan(file, options)
  } catch (error) {
    expect(error).toBeInstanceOf(RecordingSecretError)
    return error as RecordingSecretError
  }
  throw new Error('expected the recording to be refused')
}

function scan(
  file: RecordingFile,
  options: {
    liveKeys?: string[]
    env?: NodeJS.ProcessEnv
    redact?: RedactHook
    allowSecrets?: string[]
  } = {},
): RecordingFile {
  return redactRecording(file, {
    file: FILE,
    rules: secretRules(options.liveKeys ?? [], options.env ?? {}),
    redact: options.redact,
    allowSecrets: options.allowSecrets,
  })
}

describe('each rule refuses the write, naming the path and the rule, never the secret', () => {
  test.each([
    ['the live API key', `Your key is ${LIVE_KEY}.`, LIVE_KEY, { liveKeys: [LIVE_KEY] }],
    ['an sk- key', `Use ${SK_KEY} to call it.`, SK_KEY, {}],
    ['a Bearer token', `Send "Authorization: ${BEARER}"`, BEARER.slice(7), {}],
    ['a JWT', `token=${JWT}`, JWT, {}],
    [
      'a secret-named environment variable',
      'the password is hunter2hunter2!',
      'hunter2hunter2',
      { env: { SERVICE_PASSWORD: 'hunter2hunter2' } },
    ],
  ])('%s', (_, content, secret, options) => {
    const error = refusal(recording(content), options)
    expect(error.code).toBe('recording_secret')
    expect(error.file).toBe(FILE)
    expect(error.jsonPath).toBe(CONTENT_PATH)
    expect(error.message).toContain(CONTENT_PATH)
    expect(error.message).toContain(`file: ${FILE}`)
    expect(error.message).toContain(error.pattern)
    expect(error.message).toMatch(/recordings\.redact|recordings\.allowSecrets/)
    const shown = [error.message, error.jsonPath, error.pattern, error.stack ?? ''].join('\n')
    expect(shown).not.toContain(secret)
  })

  test('the rules are named by what they look for', () => {
    expect(refusal(recording(LIVE_KEY), { liveKeys: [LIVE_KEY] }).pattern).toBe('the live API key')
    expect(refusal(recording(SK_KEY)).pattern).toBe('sk- key')
    expect(refusal(recording(BEARER)).pattern).toBe('Bearer token')
    expect(refusal(recording(JWT)).pattern).toBe('JWT')
    expect(
      refusal(recording('hunter2hunter2'), { env: { DB_PASSWORD: 'hunter2hunter2' } }).pattern,
    ).toBe('the value of $DB_PASSWORD')
  })

  test.each(['OPENAI_API_KEY', 'GITHUB_TOKEN', 'client_secret', 'DbPassword'])(
    'an environment variable named %s counts (any case)',
    (name) => {
      const error = refusal(recording('value: abcdefgh'), { env: { [name]: 'abcdefgh' } })
      expect(error.pattern).toBe(`the value of $${name}`)
    },
  )

  test('a secret in the request is found too, under its request path', () => {
    const error = refusal(recording('fine', `my key is ${SK_KEY}`))
    expect(error.jsonPath).toBe('interactions.0.request.body.messages.0.content')
  })

  test('a secret in a later interaction names that interaction', () => {
    const file = recording('fine')
    const [first] = file.interactions
    if (first === undefined) throw new Error('no interaction')
    file.interactions.push({
      ...first,
      response: { ...first.response, headers: { 'x-request-id': JWT } },
    })
    expect(refusal(file).jsonPath).toBe('interactions.1.response.headers.x-request-id')
  })
})

describe('values that are not flagged', () => {
  test.each([
    ['an sk- key of 19 characters', `sk-${'a'.repeat(19)}`, {}],
    ['a Bearer token of 19 characters', `Bearer ${'a'.repeat(19)}`, {}],
    ['sk- inside a word', `task-${'a'.repeat(30)}`, {}],
    ['a secret-named variable of 7 characters', 'value abcdefg', { env: { API_KEY: 'abcdefg' } }],
    [
      'an npm_package_* variable',
      'keywords: vitest,llm,testing',
      { env: { npm_package_config_token: 'vitest,llm,testing' } },
    ],
    [
      'a variable whose name is not secret-like',
      'Hello from /home/runner',
      { env: { HOME: '/home/runner' } },
    ],
  ])('%s', (_, content, options) => {
    const written = scan(recording(content), options)
    expect(contentOf(written)).toBe(content)
  })
})

describe('redact', () => {
  test('a replaced value lets the recording through, and the replacement is stored', () => {
    const original = recording(`Your key is ${SK_KEY}.`)
    const written = scan(original, {
      redact: (value) => value.replaceAll(SK_KEY, '<openai-key>'),
    })
    expect(contentOf(written)).toBe('Your key is <openai-key>.')
    expect(JSON.stringify(written)).not.toContain(SK_KEY)
    // The recording given is not changed.
    expect(contentOf(original)).toBe(`Your key is ${SK_KEY}.`)
  })

  test('it receives every string with its interaction-relative JSON path', () => {
    const paths: string[] = []
    scan(recording('ok'), {
      redact: (value, path) => {
        paths.push(path)
        return value
      },
    })
    expect(paths).toEqual(
      expect.arrayContaining([
        'request.body.messages.0.content',
        'request.method',
        'response.headers.content-type',
        'response.body.choices.0.message.content',
        'test',
      ]),
    )
  })

  test('a replacement that still looks like a secret is refused', () => {
    const error = refusal(recording(SK_KEY), { redact: (value) => `${value}!` })
    expect(error.pattern).toBe('sk- key')
  })
})

describe('allowSecrets', () => {
  test.each([
    ['the exact interaction-relative path', 'response.body.choices.0.message.content'],
    ['a path with * for one segment', 'response.body.choices.*.message.content'],
    ['the path with interactions.<n>. in front', CONTENT_PATH],
    ['interactions.*. in front', 'interactions.*.response.body.*.*.message.content'],
  ])('%s lets the value through unchanged', (_, allowed) => {
    const written = scan(recording(SK_KEY), { allowSecrets: [allowed] })
    expect(contentOf(written)).toBe(SK_KEY)
  })

  test.each([
    ['a parent of the path', 'response.body.choices.0.message'],
    ['a * that would have to span two segments', 'response.*.content'],
    ['another path of the same shape', 'request.body.choices.0.message.content'],
    ['another array index', 'response.body.choices.1.message.content'],
  ])('%s does not', (_, allowed) => {
    expect(refusal(recording(SK_KEY), { allowSecrets: [allowed] }).jsonPath).toBe(CONTENT_PATH)
  })

  // `interactions.<n>.` names one interaction: it must not allow the path in the others.
  test('an entry for interactions.1 does not allow the same path in interaction 0', () => {
    const error = refusal(recording(SK_KEY), {
      allowSecrets: ['interactions.1.response.body.choices.0.message.content'],
    })
    expect(error.jsonPath).toBe(CONTENT_PATH)
  })
})

describe('maskSecrets', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  test('masks the live key, sk- keys, Bearer tokens, JWTs and secret-named env values', () => {
    vi.stubEnv('MY_SERVICE_TOKEN', 'svc-token-value-42')
    const text = [
      `key ${LIVE_KEY}`,
      `sk ${SK_KEY}`,
      `auth ${BEARER}`,
      `jwt ${JWT}`,
      'env svc-token-value-42',
    ].join('\n')
    const masked = maskSecrets(text, [LIVE_KEY])
    expect(masked).toBe(
      ['key [secret]', 'sk [secret]', 'auth [secret]', 'jwt [secret]', 'env [secret]'].join('\n'),
    )
  })

  test('masks every occurrence and leaves the rest of the text alone', () => {
    expect(maskSecrets(`a ${SK_KEY} b ${SK_KEY} c sk-short`, [])).toBe(
      'a [secret] b [secret] c sk-short',
    )
  })

  // The Bearer rule is case-insensitive; masking keeps the rule's flags.
  test('masks a lower-case bearer token, as the scan flags it', () => {
    const token = 'abcdefghijklmnopqrstuvwxyz012345'
    expect(refusal(recording(`bearer ${token}`)).pattern).toBe('Bearer token')
    expect(maskSecrets(`authorization: bearer ${token}`, [])).not.toContain(token)
  })
})
