// Reads a comparison back (`compare.json`): from its text or its path, checked against the
// schema, with a message that names the file and the first problem when it is not one.
import { readFileSync } from 'node:fs'
import { InvalidArgumentError } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import { COMPARISON_KIND, COMPARISON_VERSION, type Comparison } from './comparison.js'
import { comparisonSchema } from './comparison-schema.js'

/**
 * The comparison in `source`: its JSON text (starting with `{`) or the path of a `compare.json`.
 * Throws a `[vitest-scenario]` error naming the file and what is wrong when it cannot be read, is
 * not JSON, is not a comparison, is another version, or a field does not fit.
 *
 * @example
 * const comparison = readComparison('test-results/compare.json')
 * comparison.counts.regressed // 1
 */
export function readComparison(source: string): Comparison {
  if (typeof source !== 'string') {
    throw new InvalidArgumentError(
      `readComparison() needs a compare.json path or its text, got ${describeValue(source)}`,
    )
  }
  const isText = source.trimStart().startsWith('{')
  const name = isText ? 'the comparison text' : source
  let text = source
  if (!isText) {
    try {
      text = readFileSync(source, 'utf8')
    } catch (error) {
      throw refuse(
        name,
        `it could not be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
        'Check the path; `vitest-scenario compare` writes test-results/compare.json by default.',
      )
    }
  }
  let value: unknown
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
  } catch (error) {
    throw refuse(name, `it is not valid JSON (${(error as Error).message})`)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw refuse(name, `it is ${describeValue(value)}, not a comparison`)
  }
  const record = value as Record<string, unknown>
  if (record.kind !== COMPARISON_KIND) {
    throw refuse(name, `it is not a comparison (no "kind": "${COMPARISON_KIND}")`)
  }
  if (record.version !== COMPARISON_VERSION) {
    throw refuse(
      name,
      `it is version ${describeValue(record.version)}; this vitest-scenario reads version ${COMPARISON_VERSION}`,
      'Run `vitest-scenario compare` again with this version to write it anew.',
    )
  }
  const parsed = comparisonSchema.safeParse(value)
  if (!parsed.success) {
    const [issue] = parsed.error.issues
    const at = issue?.path.join('.') ?? ''
    throw refuse(name, `${at === '' ? '' : `${at}: `}${issue?.message ?? 'not a comparison'}`)
  }
  const comparison: Comparison = parsed.data
  return comparison
}

function refuse(name: string, problem: string, fix?: string): InvalidArgumentError {
  return new InvalidArgumentError(
    `Cannot read the comparison: ${problem}`,
    fix ?? 'Write it with `vitest-scenario compare`; hand edits must keep the compare.json schema.',
    [name],
  )
}
