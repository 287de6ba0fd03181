import { assertResult, assertResultSet } from '../internal/assert-result.js'
import type { ScenarioResultSet } from '../samples/index.js'
import type { ScenarioExecutionResult, ToolCallRecord, TurnRecord } from '../state/types.js'

/**
 * Renders a result as a stable, readable transcript for snapshots: roles, questions, answers,
 * tool calls, verdicts, the path and the outcomes; no ids, timestamps, durations or token counts,
 * so a replayed run renders exactly like the recorded one.
 *
 * @example
 * renderConversation(result)
 * // scenario: pushback · completed · 2 turns
 * // path: ask → challenge
 * // …
 */
export function renderConversation(result: ScenarioExecutionResult): string {
  assertResult(result, 'renderConversation(result)')
  const turns = result.turnCount === 1 ? '1 turn' : `${result.turnCount} turns`
  const lines = [
    `scenario: ${result.scenarioId} · ${result.status} · ${turns}`,
    `path: ${result.path.length === 0 ? '(none)' : result.path.join(' → ')}`,
  ]
  result.history.forEach((turn, i) => {
    lines.push('', `#${i} ${turn.nodeId}`, ...renderTurn(turn).map((line) => `  ${line}`))
  })
  const outcomes = Object.entries(result.outcomeResults)
  if (outcomes.length > 0) {
    lines.push('', 'outcomes:')
    for (const [name, value] of outcomes) {
      const mark = typeof value === 'number' ? `= ${value}` : value ? '✓' : '✗'
      lines.push(typeof value === 'number' ? `  ${name} ${mark}` : `  ${mark} ${name}`)
    }
  }
  if (result.error !== undefined) {
    const { category, stage, nodeId, message } = result.error
    lines.push('', `error: ${category} at ${stage} of '${nodeId}': ${message}`)
  }
  return lines.join('\n')
}

/** Renders every sample of a result set, after one line with the pass rate. */
export function renderResultSet(set: ScenarioResultSet): string {
  assertResultSet(set, 'renderResultSet(set)')
  const { low, high, confidence } = set.interval
  const header = `samples: ${set.results.length} · pass rate ${percent(set.passRate)} (${percent(confidence)} interval ${percent(low)}–${percent(high)})`
  const samples = set.results.map((result, i) => `── sample ${i} ──\n${renderConversation(result)}`)
  return [header, ...samples].join('\n\n')
}

function renderTurn(turn: TurnRecord): string[] {
  // A turn whose question is `null` sent no user message: the answer stands alone.
  const lines = turn.questionText === null ? [] : block('user', turn.questionText)
  // Tool calls came before the final answer within the turn.
  for (const call of turn.toolCalls) lines.push(...renderToolCall(call))
  if (turn.rawResponse !== null) lines.push(...block('assistant', turn.rawResponse))
  if (Object.keys(turn.parsedFields).length > 0) {
    lines.push(`parsed: ${json(turn.parsedFields)}`)
  }
  if (turn.verifyResult !== null) lines.push(`verdict: ${turn.verifyResult ? '✓ pass' : '✗ fail'}`)
  const rubric = Object.entries(turn.rubric)
  if (rubric.length > 0) {
    lines.push(`rubric: ${rubric.map(([trait, score]) => `${trait}=${String(score)}`).join(', ')}`)
  }
  if (turn.error !== undefined) {
    lines.push(`error: ${turn.error.category} at ${turn.error.stage}: ${turn.error.message}`)
  }
  return lines
}

function renderToolCall(call: ToolCallRecord): string[] {
  const head = `tool ${call.name}(${pretty(call.arguments)})`
  const outcome = call.error !== undefined ? `✗ ${call.error}` : `→ ${pretty(call.result ?? null)}`
  return [...head.split('\n'), ...outcome.split('\n')]
}

/** A labelled text; lines after the first are indented under the label. */
function block(label: string, text: string): string[] {
  const [first = '', ...rest] = text.split('\n')
  const pad = ' '.repeat(label.length + 2)
  return [`${label}: ${first}`.trimEnd(), ...rest.map((line) => `${pad}${line}`.trimEnd())]
}

/** JSON on one line when it is short, else indented: arguments stay readable in a diff. */
function pretty(value: unknown): string {
  const flat = json(value)
  return flat.length <= 60 ? flat : json(value, 2)
}

/** JSON text of data a turn holds; a bigint (from `z.bigint()`) is written as `"12n"`. */
function json(value: unknown, indent?: number): string {
  return (
    JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v), indent) ??
    'undefined'
  )
}

function percent(value: number): string {
  return `${Math.round(value * 1000) / 10}%`
}
