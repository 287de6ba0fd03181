// A short, readable label for an edge condition, as reports print it beside the edge.
import { isPlainObject } from '../../../internal/is-plain-object.js'

/** The longest label a report shows; longer ones end in `…`. */
export const MAX_LABEL = 60

const OPERATOR_SIGNS: Readonly<Record<string, string>> = {
  eq: '=',
  neq: '≠',
  gt: '>',
  gte: '≥',
  lt: '<',
  lte: '≤',
}

/** Clips `text` to `max` characters, ending in `…` when it was longer. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text
  // Never cut between the halves of a surrogate pair: a lone half is not valid text.
  const end = isHighSurrogate(text.charCodeAt(max - 2)) ? max - 2 : max - 1
  return `${text.slice(0, end)}…`
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff
}

/**
 * The label of a `when`: `undefined` for an unconditional edge, else one line such as
 * `verifyResult = false and parsed.confidence ≥ 0.8`, clipped to `max` characters (`MAX_LABEL`).
 *
 * @example
 * describeWhen({ verifyResult: false }) // 'verifyResult = false'
 * describeWhen({ 'nodeVisits.retry': { lt: 3 } }) // 'nodeVisits.retry < 3'
 */
export function describeWhen(when: unknown, max = MAX_LABEL): string | undefined {
  if (when === undefined || when === null) return undefined
  return clip(oneLine(describeCondition(when)), max)
}

function describeCondition(when: unknown): string {
  if (Array.isArray(when)) {
    return when.length === 0 ? 'always' : when.map(describeCheck).join(' and ')
  }
  return describeCheck(when)
}

function describeCheck(check: unknown): string {
  if (typeof check === 'function') return describeFunction(check)
  if (!isPlainObject(check)) return 'condition'
  if (check.type === 'StateCheck') return describeStateCheck(check)
  const parts = Object.keys(check).map((path) => describePath(path, check[path]))
  return parts.length === 0 ? 'always' : parts.join(' and ')
}

// `{ when: (s) => … }` gives the arrow the name `when`; such a name says nothing, the source does.
function describeFunction(fn: { name: string; toString(): string }): string {
  if (fn.name !== '' && fn.name !== 'when' && fn.name !== 'anonymous') return `${fn.name}()`
  try {
    return fn.toString()
  } catch {
    return 'a function'
  }
}

function describeStateCheck(check: Record<string, unknown>): string {
  const field = typeof check.field === 'string' ? check.field : '?'
  const primitive = isPlainObject(check.verifyWith) ? check.verifyWith : {}
  const type = typeof primitive.type === 'string' ? primitive.type : 'check'
  if (type === 'RegexMatch' && typeof primitive.pattern === 'string') {
    return `${field} ~ /${primitive.pattern}/${typeof primitive.flags === 'string' ? primitive.flags : ''}`
  }
  const name = type.charAt(0).toLowerCase() + type.slice(1)
  return check.expected === undefined
    ? `${field} ${name}`
    : `${field} ${name} ${renderJson(check.expected)}`
}

function describePath(path: string, value: unknown): string {
  if (!isPlainObject(value)) return `${path} = ${renderJson(value)}`
  const parts: string[] = []
  for (const operator of Object.keys(value)) {
    const operand = value[operator]
    const sign = OPERATOR_SIGNS[operator]
    if (sign !== undefined) parts.push(`${sign} ${renderJson(operand)}`)
    else if (operator === 'in') parts.push(`in ${renderJson(operand)}`)
    else if (operator === 'matches') parts.push(`~ /${String(operand)}/`)
    else parts.push(`${operator} ${renderJson(operand)}`)
  }
  return `${path} ${parts.join(', ')}`
}

/** Strings in single quotes, arrays and objects as compact JSON-like text, `undefined` as null. */
function renderJson(value: unknown): string {
  if (value === undefined || value === null) return 'null'
  if (typeof value === 'string') return `'${value}'`
  if (Array.isArray(value)) return `[${value.map(renderJson).join(', ')}]`
  if (isPlainObject(value)) {
    return `{ ${Object.keys(value)
      .map((key) => `${key}: ${renderJson(value[key])}`)
      .join(', ')} }`
  }
  return String(value)
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}
