import { toolCheckLabel } from '../src/outcomes/describe-tool-calls.js'
import { handedOffToLabel } from '../src/outcomes/handed-off-to.js'
import { scopeLabel } from '../src/outcomes/scope-turns.js'
import type { BooleanCheck, CheckPrimitive, FieldCheck } from '../src/outcomes/types.js'
import { formatList, formatValue } from './text.js'

/**
 * One check node as a line, the way the sugar reads: `lastTurn: verifyResult = true`,
 * `result: status = 'completed'`, `crossTurn: lastTurn parsed.drug eq firstTurn parsed.drug`;
 * a composition as its head (`allOf`, `anyOf`, `atLeastN(2)`).
 *
 * @example
 * checkLabel(lastTurn({ 'parsed.score': { gte: 3 } })) // 'lastTurn: parsed.score ≥ 3'
 */
export function checkLabel(check: BooleanCheck): string {
  switch (check.type) {
    case 'TurnCheck':
      return `${scopeLabel(check.scope)}: ${fieldLabel(check)}`
    case 'TurnFieldsCheck':
      return `${scopeLabel(check.scope)}: ${check.checks.map(fieldLabel).join(' and ')}`
    case 'ResultCheck':
      return `result: ${fieldLabel(check)}`
    case 'CrossTurnCheck': {
      const { normalize } = check
      const target = `${scopeLabel(check.targetTurn)} ${check.targetField}`
      const source = `${scopeLabel(check.sourceTurn)} ${check.sourceField}`
      const after =
        normalize.length === 0
          ? ''
          : ` (normalized: ${normalize.map((n) => (typeof n === 'string' ? n : 'synonymMap')).join(', ')})`
      return `crossTurn: ${target} ${check.comparison} ${source}${after}`
    }
    case 'CalledTool':
    case 'ToolTrajectory':
      return toolCheckLabel(check)
    case 'HandedOffTo':
      return handedOffToLabel(check)
    case 'AllOf':
      return 'allOf'
    case 'AnyOf':
      return 'anyOf'
    case 'Judge':
      return `judge(${check.criteria.length} ${check.criteria.length === 1 ? 'criterion' : 'criteria'})`
    default:
      return `atLeastN(${check.n})`
  }
}

/** A field and what it is compared with: `parsed.drug = 'venetoclax'`, `rawResponse matches /x/i`. */
export function fieldLabel(check: FieldCheck): string {
  return `${check.field} ${expectation(check.verifyWith, check.expected)}`
}

function expectation(primitive: CheckPrimitive, expected: unknown): string {
  switch (primitive.type) {
    case 'BooleanMatch':
    case 'ExactMatch':
    case 'LiteralMatch':
    case 'NumericExact':
      return `= ${formatValue(expected)}`
    case 'NumericMinimum':
      return `${primitive.exclusive ? '>' : '≥'} ${formatValue(expected)}`
    case 'NumericMaximum':
      return `${primitive.exclusive ? '<' : '≤'} ${formatValue(expected)}`
    case 'RegexMatch':
      return `matches /${primitive.pattern}/${primitive.flags}`
    case 'ContainsAny':
    case 'ContainsAll':
      return `${lowerFirst(primitive.type)} ${formatList(primitive.substrings)}`
    default:
      return expected === undefined
        ? lowerFirst(primitive.type)
        : `${lowerFirst(primitive.type)} ${formatValue(expected)}`
  }
}

function lowerFirst(text: string): string {
  return `${text.charAt(0).toLowerCase()}${text.slice(1)}`
}
