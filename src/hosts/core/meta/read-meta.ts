// Reads `task.meta.scenario` in the reporter. The meta crossed a process boundary (worker RPC,
// or a blob that `--merge-reports` loads, maybe written by another version), so nothing in it is
// trusted: the meta schema checks every field at every depth and makes a copy (unknown keys are
// dropped), and every string of it goes through `text` (secret masking in the reporter). A meta
// that does not parse is not reported: the caller skips the test with a warning naming the
// problem.
import { rewriteTexts } from './meta-fields.js'
import { type ScenarioMeta, scenarioMetaSchema } from './meta-schema.js'

/** What `readScenarioMeta` found: the checked copy, or what is wrong, as `path: problem`. */
export type MetaReading = { ok: true; meta: ScenarioMeta } | { ok: false; problem: string }

/**
 * Checks a value read from task meta against the meta schema, and returns a copy whose strings
 * went through `text`. The problem is the first the schema found, in field order (`version`
 * first): one is enough to skip the test.
 *
 * @example
 * const reading = readScenarioMeta(test.meta().scenario)
 * if (!reading.ok) warn(`${test.fullName}: ${reading.problem}`)
 */
export function readScenarioMeta(
  value: unknown,
  text: (value: string) => string = (v) => v,
): MetaReading {
  if (value === undefined) return { ok: false, problem: 'no scenario data' }
  const parsed = scenarioMetaSchema.safeParse(value)
  if (!parsed.success) {
    const [issue] = parsed.error.issues
    const path = issue?.path.join('.') ?? ''
    const message = issue?.message ?? 'not scenario data'
    return { ok: false, problem: path === '' ? message : `${path}: ${message}` }
  }
  return { ok: true, meta: rewriteTexts(scenarioMetaSchema, parsed.data, text) as ScenarioMeta }
}

/** Whether a value read from task meta is a `ScenarioMeta` this reporter reads. */
export function isScenarioMeta(value: unknown): value is ScenarioMeta {
  return value !== undefined && scenarioMetaSchema.safeParse(value).success
}
