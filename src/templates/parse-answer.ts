import { thrownMessage } from '../internal/describe-value.js'
import type { SchemaIssue } from '../state/types.js'
import type { AnswerTemplate } from './types.js'

/** The outcome of parsing a raw answer with a template's deterministic `parse`. */
export type ParseOutcome =
  | { ok: true; fields: Record<string, unknown> }
  | { ok: false; message: string; issues: SchemaIssue[]; cause?: unknown }

/**
 * Parses `raw` with the template's `parse`, then validates the result with its schema; the
 * schema's output (unknown keys stripped, defaults applied) is what the turn keeps.
 * A failure is returned, never thrown: it becomes a `parsing` error turn.
 */
export function parseWithTemplate(
  template: AnswerTemplate & { parse: (raw: string) => unknown },
  raw: string,
): ParseOutcome {
  let candidate: unknown
  try {
    candidate = template.parse(raw)
  } catch (error) {
    const message = thrownMessage(error)
    return { ok: false, message: `parse() threw: ${message}`, issues: [], cause: error }
  }
  const result = template.schema.safeParse(candidate)
  if (result.success) return { ok: true, fields: result.data as Record<string, unknown> }
  const issues = result.error.issues.map((issue) => ({
    code: issue.code,
    path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
    message: issue.message,
  }))
  const summary = issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')
  return { ok: false, message: `The answer does not fit the template's schema: ${summary}`, issues }
}
