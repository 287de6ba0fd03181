import { isKeyShaped } from './key-shape.js'

/** A rule a stored or printed string must not match, by name (the name is what errors show). */
export interface SecretRule {
  /** What the rule looks for, e.g. `sk- key` or `the value of $OPENAI_API_KEY`; never the value. */
  readonly name: string
  /** Whether `value` holds a match. */
  test(value: string): boolean
  /** `text` with every match replaced by `[secret]`. */
  mask(text: string): string
}

/** What masked text shows in place of a secret. */
export const SECRET_MASK = '[secret]'

/**
 * A URL's user-info with a password (`https://user:pass@host`): the scheme, then a user name
 * without `:` or `@`, `:`, and everything up to the last `@` before the host (a raw `@` may sit in
 * the password). It stops at what ends a URL in text (space, quote, `/`, `?`, `#`, `<`, `>`, a
 * backslash), so `http://host:8080/a?mail=x@y` is no match. The whole user-info is masked,
 * user name included: some services take the token as the user name.
 */
const URL_USER_INFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@:"'`<>\\]*:[^\s/?#"'`<>\\]*@/i

/**
 * Secret-shaped strings, whatever their origin (`sk-` keys, Bearer tokens, JWTs, URL passwords).
 * `replace` is what a match is masked as (default `[secret]`).
 */
const SHAPES: readonly { name: string; pattern: RegExp; replace?: string }[] = [
  { name: 'sk- key', pattern: /\bsk-[A-Za-z0-9_-]{20,}/ },
  { name: 'Bearer token', pattern: /\bBearer\s+[A-Za-z0-9._~+/=-]{20,}/i },
  { name: 'JWT', pattern: /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/ },
  // The scheme is kept, so a masked URL still reads as one: `http://[secret]@127.0.0.1:9/v1`.
  { name: 'URL password', pattern: URL_USER_INFO, replace: `$1${SECRET_MASK}@` },
]

/** Environment variable names whose values are secrets. */
const SECRET_ENV_NAME = /KEY|TOKEN|SECRET|PASSWORD/i
/** npm exports package.json fields as `npm_package_*` (keywords included): metadata, not secrets. */
const NOT_SECRET_ENV = /^npm_package_/i
/** Values of secret-named variables shorter than this are too common to be told from text. */
const MIN_ENV_SECRET_LENGTH = 8

function patternRule(name: string, pattern: RegExp, replace = SECRET_MASK): SecretRule {
  const global = new RegExp(pattern.source, `${pattern.flags}g`)
  return {
    name,
    test: (value) => pattern.test(value),
    mask: (text) => text.replace(global, replace),
  }
}

function literalRule(name: string, secret: string): SecretRule {
  return {
    name,
    test: (value) => value.includes(secret),
    mask: (text) => (text.includes(secret) ? text.split(secret).join(SECRET_MASK) : text),
  }
}

/** Each environment variable name seen, and whether its value is a secret. */
const secretNames = new Map<string, boolean>()
/** More distinct names than any environment holds: past it the memory is started again. */
const MAX_NAMES = 10_000

function isSecretName(name: string): boolean {
  let secret = secretNames.get(name)
  if (secret === undefined) {
    secret = SECRET_ENV_NAME.test(name) && !NOT_SECRET_ENV.test(name)
    if (secretNames.size >= MAX_NAMES) secretNames.clear()
    secretNames.set(name, secret)
  }
  return secret
}

/** The rules built last, by the secrets they hold: the same secrets reuse them as they are. */
let built: { key: string; rules: SecretRule[] } | undefined

/**
 * The rules every artifact is checked against: the secret shapes, the live API keys (only the
 * key-shaped ones: a placeholder such as `none` would match ordinary words), and the values of
 * environment variables whose names contain KEY, TOKEN, SECRET or PASSWORD (8+ characters).
 * Longer literals come first, so masking a key never leaves a tail of it behind.
 */
export function secretRules(
  liveKeys: Iterable<string>,
  env: NodeJS.ProcessEnv = process.env,
): SecretRule[] {
  const literals = new Map<string, string>()
  for (const key of liveKeys) {
    if (!literals.has(key) && isKeyShaped(key)) literals.set(key, 'the live API key')
  }
  // Names first, values only of the secret-named ones: reading `process.env` is a call into the
  // runtime per value, and this runs for every meta, snapshot and failing matcher. The names are
  // read at once (`Object.keys`, half the cost of a `for…in` over `process.env`), and each name
  // is classified once: the environment is read again every time, as a test may change it.
  for (const name of Object.keys(env)) {
    if (!isSecretName(name)) continue
    const value = env[name]
    if (value !== undefined && value.length >= MIN_ENV_SECRET_LENGTH && !literals.has(value)) {
      literals.set(value, `the value of $${name}`)
    }
  }
  let key = ''
  for (const [secret, name] of literals) key += `${name}\u0000${secret}\u0001`
  if (built?.key === key) return built.rules
  const rules = [
    ...[...literals]
      .sort(([a], [b]) => b.length - a.length)
      .map(([secret, name]) => literalRule(name, secret)),
    ...SHAPES.map(({ name, pattern, replace }) => patternRule(name, pattern, replace)),
  ]
  built = { key, rules }
  return rules
}
