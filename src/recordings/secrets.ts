import { RecordingSecretError } from '../errors/index.js'
import type { RedactHook } from './normalize-request.js'
import type { RecordingFile } from './recording-file.js'
import type { Json } from './stable-json.js'

/** A rule a stored string must not match, by name (the name is what errors show). */
interface SecretRule {
  name: string
  test(value: string): boolean
}

const SHAPES: readonly { name: string; pattern: RegExp }[] = [
  { name: 'sk- key', pattern: /\bsk-[A-Za-z0-9_-]{20,}/ },
  { name: 'Bearer token', pattern: /\bBearer\s+[A-Za-z0-9._~+/=-]{20,}/i },
  { name: 'JWT', pattern: /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/ },
]

/** Environment variable names whose values are secrets (SPEC section 10). */
const SECRET_ENV_NAME = /KEY|TOKEN|SECRET|PASSWORD/i
/** npm exports package.json fields as `npm_package_*` (keywords included): metadata, not secrets. */
const NOT_SECRET_ENV = /^npm_package_/i

/** What the scan looks for: the shapes, the live keys, and secret-named environment values. */
export function secretRules(
  liveKeys: Iterable<string>,
  env: NodeJS.ProcessEnv = process.env,
): SecretRule[] {
  const rules: SecretRule[] = SHAPES.map(({ name, pattern }) => ({
    name,
    test: (v) => pattern.test(v),
  }))
  for (const key of liveKeys) {
    if (key.length >= 4) rules.push({ name: 'the live API key', test: (v) => v.includes(key) })
  }
  for (const [name, value] of Object.entries(env)) {
    if (
      value !== undefined &&
      value.length >= 8 &&
      SECRET_ENV_NAME.test(name) &&
      !NOT_SECRET_ENV.test(name)
    ) {
      rules.push({ name: `the value of $${name}`, test: (v) => v.includes(value) })
    }
  }
  return rules
}

/** Options of the scan before a recording is written. */
export interface ScanOptions {
  file: string
  rules: readonly SecretRule[]
  redact?: RedactHook | undefined
  /** Paths (interaction-relative, `*` for one segment) whose values may look like secrets. */
  allowSecrets?: readonly string[] | undefined
}

/**
 * Runs `redact` over every string of the recording's interactions, then refuses the recording
 * (`RecordingSecretError`, naming the JSON path and the rule, never the value) when a string
 * still matches a secret rule and its path is not in `allowSecrets`. Returns the redacted file.
 */
export function redactRecording(recording: RecordingFile, options: ScanOptions): RecordingFile {
  const allowed = (options.allowSecrets ?? []).map(pathMatcher)
  const visit = (value: Json, path: string, fullPath: string): Json => {
    if (typeof value === 'string') {
      const kept = options.redact === undefined ? value : options.redact(value, path)
      const rule = options.rules.find((r) => r.test(kept))
      if (rule !== undefined && !allowed.some((allow) => allow(path, fullPath))) {
        throw new RecordingSecretError(
          {
            what: `Recording not written: the value at ${fullPath} looks like a secret (${rule.name})`,
            subjects: [`file: ${options.file}`, `path: ${fullPath}`],
            fix: 'Replace it with recordings.redact(value, jsonPath) in scenarioPlugin(), or list the path in recordings.allowSecrets if it is not a secret.',
          },
          { file: options.file, jsonPath: fullPath, pattern: rule.name },
        )
      }
      return kept
    }
    if (Array.isArray(value))
      return value.map((item, i) => visit(item, `${path}.${i}`, `${fullPath}.${i}`))
    if (value !== null && typeof value === 'object') {
      const out: { [key: string]: Json } = {}
      for (const [key, item] of Object.entries(value))
        out[key] = visit(item, `${path}.${key}`, `${fullPath}.${key}`)
      return out
    }
    return value
  }
  const interactions = recording.interactions.map(
    (interaction, i) =>
      ({
        request: visit(
          interaction.request as unknown as Json,
          'request',
          `interactions.${i}.request`,
        ),
        response: visit(
          interaction.response as unknown as Json,
          'response',
          `interactions.${i}.response`,
        ),
        durationMs: interaction.durationMs,
      }) as unknown as RecordingFile['interactions'][number],
  )
  const test = visit(recording.test, 'test', 'test') as string
  return { ...recording, test, interactions }
}

/** Replaces whatever matches a secret rule in `text` (for messages, which may quote requests). */
export function maskSecrets(text: string, liveKeys: Iterable<string>): string {
  let masked = text
  for (const key of liveKeys) if (key.length >= 4) masked = masked.split(key).join('[secret]')
  for (const { pattern } of SHAPES)
    masked = masked.replace(new RegExp(pattern.source, `${pattern.flags}g`), '[secret]')
  for (const [name, value] of Object.entries(process.env)) {
    if (
      value !== undefined &&
      value.length >= 8 &&
      SECRET_ENV_NAME.test(name) &&
      !NOT_SECRET_ENV.test(name)
    ) {
      masked = masked.split(value).join('[secret]')
    }
  }
  return masked
}

/** A matcher for an `allowSecrets` entry; `interactions.<n>.` in front is accepted too. */
function pathMatcher(pattern: string): (path: string, fullPath: string) => boolean {
  // `interactions.<n>.…` names one interaction's path; anything else applies to every interaction.
  const full = pattern.startsWith('interactions.')
  const segments = pattern.split('.')
  return (path, fullPath) => {
    const parts = (full ? fullPath : path).split('.')
    return parts.length === segments.length && segments.every((s, i) => s === '*' || s === parts[i])
  }
}
