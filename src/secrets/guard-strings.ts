import { JsonTooDeepError, MAX_JSON_DEPTH } from '../internal/json-depth.js'
import { setOwn } from '../state/own-keys.js'
import type { RedactHook } from './redact-hook.js'
import type { SecretRule } from './secret-rules.js'

/** A string that still matches a rule after `redact`, where it is and which rule it matched. */
export interface SecretHit {
  /** The dot path of the string, from the root the walk started at. */
  path: string
  /** The rule's name, never the value. */
  rule: string
}

/** Options of `guardStrings`. */
export interface GuardOptions {
  rules: readonly SecretRule[]
  redact?: RedactHook | undefined
  /** Whether a hit at `path` is allowed to stay (`allowSecrets`). */
  allowed?: ((path: string) => boolean) | undefined
  /** Called for a hit that is not allowed; it throws the artifact's own error. */
  onSecret(hit: SecretHit): never
  /**
   * Called with the path of a value nested deeper than `MAX_JSON_DEPTH`; it throws the artifact's
   * own error. Without it, such a value throws a `JsonTooDeepError`.
   */
  onTooDeep?: ((path: string) => never) | undefined
  /** How deep the walk's root sits in the artifact (0: it is the root), for the depth limit. */
  depth?: number | undefined
}

/**
 * A copy of a JSON-like value in which every string went through `redact`, checked against the
 * secret rules: a string that still matches one (and is not allowed) stops the walk through
 * `onSecret`. Object keys are checked too (not redacted), reported as `<path>.<key> (key)`.
 */
export function guardStrings(value: unknown, path: string, options: GuardOptions): unknown {
  const tooDeep =
    options.onTooDeep ??
    ((at: string): never => {
      throw new JsonTooDeepError(at)
    })
  // The walk is recursive: it counts its depth and stops at the limit instead of the stack's.
  const visit = (item: unknown, at: string, depth: number): unknown => {
    if (typeof item === 'string') return guardString(item, at, options)
    if (item === null || typeof item !== 'object') return item
    // Counted as `assertReadable` counts: the artifact's root object is at depth 0.
    if (depth >= MAX_JSON_DEPTH) tooDeep(at)
    // Loops, not `map`: one stack frame per level, so the limit is reached well before the stack's.
    if (Array.isArray(item)) {
      const copy: unknown[] = new Array(item.length)
      for (let i = 0; i < item.length; i++) copy[i] = visit(item[i], `${at}.${i}`, depth + 1)
      return copy
    }
    const out: Record<string, unknown> = {}
    for (const [key, element] of Object.entries(item)) {
      // A key is checked but never rewritten: a redacted key would change the data's shape.
      guardString(key, `${at}.${key} (key)`, { ...options, redact: undefined })
      // `__proto__` is a key like any other in JSON: kept as an own key, never as a prototype.
      setOwn(out, key, visit(element, `${at}.${key}`, depth + 1))
    }
    return out
  }
  return visit(value, path, options.depth ?? 0)
}

/** One string through `redact` and the rules. */
export function guardString(value: string, path: string, options: GuardOptions): string {
  const kept = options.redact === undefined ? value : options.redact(value, path)
  const rule = options.rules.find((r) => r.test(kept))
  if (rule !== undefined && options.allowed?.(path) !== true) {
    options.onSecret({ path, rule: rule.name })
  }
  return kept
}

/**
 * A matcher for an `allowSecrets` entry: dot paths with `*` for one segment. With `prefix`
 * (`interactions.`), an entry that starts with it is matched against the full path, any other
 * against the path relative to the item.
 */
export function allowList(
  patterns: readonly string[] | undefined,
): (path: string, fullPath?: string) => boolean {
  const matchers = (patterns ?? []).map((pattern) => {
    const segments = pattern.split('.')
    const full = pattern.startsWith('interactions.')
    return (path: string, fullPath: string) => {
      const parts = (full ? fullPath : path).split('.')
      return (
        parts.length === segments.length && segments.every((s, i) => s === '*' || s === parts[i])
      )
    }
  })
  return (path, fullPath = path) => matchers.some((match) => match(path, fullPath))
}
