import { withoutDocsLine } from '../errors/docs-line.js'
import { assertResult, assertResultSet } from '../internal/assert-result.js'
import type { ScenarioResultSet } from '../samples/index.js'
import type {
  ChatMessage,
  ScenarioExecutionResult,
  ToolCallRecord,
  TurnRecord,
} from '../state/types.js'
import { outcomeLines } from './render-outcomes.js'
import { block, json, pretty } from './render-text.js'
import { shownStopReason } from './stop-reason.js'

/**
 * Renders a result as a stable, readable transcript for snapshots: roles, questions, answers,
 * tool calls, verdicts, the path and the outcomes; no ids, timestamps, durations or token counts,
 * so a replayed run renders exactly like the recorded one.
 *
 * What agent tests add is shown only where a run has it, so a run that uses none of it renders
 * as before (committed snapshots stay valid): the seeded messages (`seed:`, before turn 0), a
 * simulated user's questions (`user (simulated)`, with `goal reached` when it said so), scripted
 * answers (`assistant (scripted)`), the agent that answered when the answering side names it
 * (`assistant (billing)`, e.g. after a handoff), a turn without a user message (no `user:` line), the reasons
 * and judgements of outcome criteria, outcome errors (`⚠`, not a verdict), and the stop reason
 * when the status does not already say it (`limit_reached (budget)`).
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
    `scenario: ${result.scenarioId} · ${statusText(result)} · ${turns}`,
    `path: ${result.path.length === 0 ? '(none)' : result.path.join(' → ')}`,
  ]
  // A result from before seeds existed has no `seed` field: it had none.
  const seed: readonly ChatMessage[] = result.seed ?? []
  if (seed.length > 0) lines.push('', 'seed:', ...renderMessages(seed).map((line) => `  ${line}`))
  result.history.forEach((turn, i) => {
    lines.push('', `#${i} ${turn.nodeId}`, ...renderTurn(turn).map((line) => `  ${line}`))
  })
  const outcomes = outcomeLines(result)
  if (outcomes.length > 0) lines.push('', 'outcomes:', ...outcomes.map((line) => `  ${line}`))
  if (result.error !== undefined) {
    // Without a library error's docs line (as in each turn): a snapshot is the conversation, and
    // a path into node_modules does not belong in a committed file.
    const { category, stage, nodeId } = result.error
    const message = withoutDocsLine(result.error.message)
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

function statusText(result: ScenarioExecutionResult): string {
  // A reason the status implies is left out: runs without budgets render as they always did.
  const reason = shownStopReason(result.status, result.stopReason)
  return reason === undefined ? result.status : `${result.status} (${reason})`
}

function renderTurn(turn: TurnRecord): string[] {
  // `null`: no user message this turn, the answering side spoke first (`question: null`).
  const question: string | null = turn.questionText
  const user =
    turn.user === undefined
      ? 'user'
      : `user (simulated${turn.user.goalReached ? ', goal reached' : ''})`
  const lines = question === null ? [] : [...block(user, question)]
  // Tool calls came before the final answer within the turn.
  for (const call of turn.toolCalls) lines.push(...renderToolCall(call))
  if (turn.rawResponse !== null) lines.push(...block(answerer(turn), turn.rawResponse))
  // A tripped guardrail is the turn's outcome: the turn has no answer to show.
  const guardrail = turn.guardrail
  if (guardrail !== undefined) {
    const info =
      guardrail.info === null || guardrail.info === undefined ? '' : ` ${json(guardrail.info)}`
    lines.push(`guardrail: ${guardrail.kind} ${guardrail.name.replace(/\s+/g, ' ')} tripped${info}`)
  }
  if (Object.keys(turn.parsedFields).length > 0) {
    lines.push(`parsed: ${json(turn.parsedFields)}`)
  }
  if (turn.verifyResult !== null) lines.push(`verdict: ${turn.verifyResult ? '✓ pass' : '✗ fail'}`)
  const rubric = Object.entries(turn.rubric)
  if (rubric.length > 0) {
    lines.push(`rubric: ${rubric.map(([trait, score]) => `${trait}=${String(score)}`).join(', ')}`)
  }
  if (turn.error !== undefined) {
    const message = withoutDocsLine(turn.error.message)
    lines.push(`error: ${turn.error.category} at ${turn.error.stage}: ${message}`)
  }
  return lines
}

/** Who gave the answer: `assistant`, `assistant (scripted)`, or the agent that answered. */
function answerer(turn: TurnRecord): string {
  if (turn.scripted === true) return 'assistant (scripted)'
  // On one line: the name labels the answer's first line.
  return turn.agent === undefined ? 'assistant' : `assistant (${turn.agent.replace(/\s+/g, ' ')})`
}

function renderToolCall(call: ToolCallRecord): string[] {
  const head = `tool ${call.name}(${pretty(call.arguments)})`
  const outcome = call.error !== undefined ? `✗ ${call.error}` : `→ ${pretty(call.result ?? null)}`
  return [...head.split('\n'), ...outcome.split('\n')]
}

/**
 * Seeded messages in order. An assistant's tool call is followed by its result, found by the
 * call's id (ids themselves are not shown), as a turn's calls are; a tool message that answers
 * no call shown before it stands on its own.
 */
function renderMessages(messages: readonly ChatMessage[]): string[] {
  const results = new Map<string, string>()
  for (const message of messages) {
    if (message.role === 'tool') results.set(message.tool_call_id, message.content)
  }
  const shown = new Set<string>()
  const lines: string[] = []
  for (const message of messages) {
    if (message.role === 'tool') {
      if (!shown.has(message.tool_call_id)) lines.push(...arrow(`→ ${toolText(message.content)}`))
      continue
    }
    if (message.role !== 'assistant') {
      lines.push(...block(message.role, message.content))
      continue
    }
    const calls = message.tool_calls ?? []
    if (message.content !== null && (message.content !== '' || calls.length === 0)) {
      lines.push(...block('assistant', message.content))
    }
    for (const call of calls) {
      lines.push(...arrow(`tool ${call.function.name}(${toolText(call.function.arguments)})`))
      const result = results.get(call.id)
      if (result !== undefined) {
        shown.add(call.id)
        lines.push(...arrow(`→ ${toolText(result)}`))
      }
    }
  }
  return lines
}

/** A tool's JSON text (arguments, a result) as a turn's calls show it; other text as it is. */
function toolText(text: string): string {
  try {
    return pretty(JSON.parse(text))
  } catch {
    return text
  }
}

function arrow(text: string): string[] {
  return text.split('\n')
}

function percent(value: number): string {
  return `${Math.round(value * 1000) / 10}%`
}
