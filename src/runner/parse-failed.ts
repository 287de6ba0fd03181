import { ScenarioError } from '../errors/index.js'
import type { SchemaIssue } from '../state/types.js'

/** A failed parse as the template's `parse` or the parsing model's fill reports it. */
export interface ParseFailure {
  /** What went wrong, in words (zod's issues summed up, `parse() threw: …`, not JSON). */
  message: string
  /** Zod's issues, when the answer was read but did not fit the schema. */
  issues: readonly SchemaIssue[]
  /** What `parse` threw, or the JSON error. */
  cause?: unknown
}

/** What parsed the answer: the template's own `parse`, or the parsing model (structured outputs). */
export type ParsedBy = 'parse' | 'model'

const FIX: Record<ParsedBy, string> = {
  parse:
    "Compare the answer (the turn's rawResponse) with the schema: make the template's parse() return the schema's shape for such an answer, or loosen the schema where answers may differ (.nullable() for a field an answer may leave out, z.coerce.number() for a number written as text).",
  model:
    "Compare the answer (the turn's rawResponse) with the schema: describe each field with .describe('…') so the parsing model knows what to fill, use a parsing model that supports structured outputs, or loosen the schema (.nullable() for a field an answer may leave out).",
}

/**
 * The library error of an answer that could not be parsed with its template (`parse_failed`): it
 * is the `cause` of the turn's `parsing` error, and its message — the node, zod's issues one per
 * line, the fix and the docs line — is the turn error's message, which a failing test prints.
 */
export function parseFailedError(
  nodeId: string,
  failed: ParseFailure,
  by: ParsedBy,
): ScenarioError {
  const subjects =
    failed.issues.length > 0
      ? failed.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
      : [failed.message]
  const what =
    failed.issues.length > 0
      ? `The answer of node '${nodeId}' does not fit its template's schema`
      : `The answer of node '${nodeId}' could not be parsed with its template`
  const options = failed.cause === undefined ? undefined : { cause: failed.cause }
  return new ScenarioError('parse_failed', { what, subjects, fix: FIX[by] }, options)
}
