// The operator form `{ path: { op: operand, … } }`.
import { InvalidArgumentError } from '../errors/index.js'
import { describeValue, renderData } from '../internal/describe-value.js'
import type { ValueTest } from './compiled-condition.js'
import type { WhenOperator } from './types.js'
import { containsTest, eqTest, inTest, matchesTest, neqTest, rangeTest } from './value-tests.js'
import { readWhenJson, type WhenSite } from './when-json.js'

/** The operators of the operator form, in the order messages list them. */
export const WHEN_OPERATORS: readonly WhenOperator[] = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'in',
  'matches',
  'contains',
]

const OPERATOR_LIST = WHEN_OPERATORS.join(' ')

function badOperand(site: WhenSite, needs: string, operand: unknown, fix: string): never {
  throw new InvalidArgumentError(
    `Operator '${site.operator}' at '${site.path}' in 'when' needs ${needs}, got ${describeValue(operand)}`,
    fix,
    [site.where],
  )
}

function rangeOperator(
  op: 'gt' | 'gte' | 'lt' | 'lte',
  operand: unknown,
  site: WhenSite,
): ValueTest {
  if (typeof operand !== 'number' || !Number.isFinite(operand)) {
    badOperand(site, 'a finite number', operand, `Write e.g. { ${op}: 3 }.`)
  }
  return rangeTest(op, operand, `{ ${op}: ${operand} }`)
}

function matchesOperator(operand: unknown, site: WhenSite): ValueTest {
  if (typeof operand !== 'string') {
    badOperand(
      site,
      'a regular-expression pattern string',
      operand,
      "Write the pattern as a string ({ matches: '^yes' }); for flags use " +
        "stateCheck(path, regexMatch('^yes', { flags: 'i' })).",
    )
  }
  let pattern: RegExp
  try {
    // Compiled once here, never per evaluation; no flags, so `test` keeps no state.
    pattern = new RegExp(operand)
  } catch (error) {
    throw new InvalidArgumentError(
      `Operator 'matches' at '${site.path}' in 'when' has an invalid pattern ${describeValue(operand)}: ${(error as Error).message}`,
      'Write a JavaScript regular-expression pattern (search semantics, no delimiters).',
      [site.where],
    )
  }
  return matchesTest(pattern, `{ matches: ${renderData(operand)} }`)
}

function operatorTest(op: WhenOperator, raw: unknown, site: WhenSite): ValueTest {
  switch (op) {
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      // `undefined` is read as `null` first, so it is a bad operand like `null`.
      return rangeOperator(op, raw === undefined ? null : raw, site)
    case 'matches':
      return matchesOperator(raw === undefined ? null : raw, site)
    case 'in': {
      const operand = readWhenJson(raw, site)
      if (!Array.isArray(operand)) {
        badOperand(site, 'an array', operand, "Write e.g. { in: ['low', 'medium'] }.")
      }
      return inTest(operand, `{ in: ${renderData(operand)} }`)
    }
    case 'eq': {
      const operand = readWhenJson(raw, site)
      return eqTest(operand, `{ eq: ${renderData(operand)} }`)
    }
    case 'neq': {
      const operand = readWhenJson(raw, site)
      return neqTest(operand, `{ neq: ${renderData(operand)} }`)
    }
    case 'contains': {
      const operand = readWhenJson(raw, site)
      // A list operand names several elements, all required; one value names one element.
      const elements = Array.isArray(operand) ? operand : [operand]
      return containsTest(elements, `{ contains: ${renderData(operand)} }`)
    }
  }
}

/**
 * Compiles an operator object into its tests, in key order (ANDed). Unknown operators, bad
 * operands and an empty object are errors naming the path.
 *
 * @example
 * compileOperators({ gt: 1, lte: 5 }, { path: 'parsed.score', where: "addEdge('a', 'b')" })
 */
export function compileOperators(operators: Record<string, unknown>, site: WhenSite): ValueTest[] {
  const keys = Object.keys(operators)
  if (keys.length === 0) {
    throw new InvalidArgumentError(
      `Empty operator object at '${site.path}' in 'when'`,
      `Give at least one operator (${OPERATOR_LIST}), or use [] for a condition that always holds.`,
      [site.where],
    )
  }
  const unknown = keys.filter((k) => !(WHEN_OPERATORS as readonly string[]).includes(k))
  if (unknown.length > 0) {
    const names = unknown.map((k) => `'${k}'`).join(', ')
    throw new InvalidArgumentError(
      `Unknown operator${unknown.length === 1 ? '' : 's'} ${names} at '${site.path}' in 'when'`,
      `Valid operators: ${OPERATOR_LIST}. A plain object is always the operator form: to compare ` +
        'with an object write { eq: {…} } or stateCheck(path, literalMatch(), value).',
      [site.where],
    )
  }
  return keys.map((op) => {
    const operator = op as WhenOperator
    return operatorTest(operator, operators[op], { ...site, operator })
  })
}
