// Evaluates `CalledTool` and `ToolTrajectory` against a run's history.

import type { Diagnostic, ToolCallRecord, TurnRecord } from '../state/types.js'
import {
  describeCall,
  describedList,
  describePattern,
  toolCheckLabel,
} from './describe-tool-calls.js'
import { noTurn } from './outcome-diagnostics.js'
import { isSingleTurnScope, singleTurnIndex } from './scope-turns.js'
import { matchesNodeFilter } from './scopes.js'
import { type CallTest, compileCallPattern, matchTrajectory } from './tool-match.js'
import type { CalledTool, CountRange, ToolTrajectory } from './types.js'

/** Tests a list of calls; `explain` says why a list failed (only called for a diagnostic). */
interface CallsTest {
  holds(calls: readonly ToolCallRecord[]): boolean
  explain(calls: readonly ToolCallRecord[]): string
}

/**
 * Evaluates a tool check: without a scope, on every turn's calls (of the filtered nodes) pooled in
 * order; with a single-turn scope, on that turn's calls; with `AnyTurn` / `AllTurns`, on each
 * selected turn's own calls (no such turn → false). A failure leaves an `outcome` diagnostic
 * saying which calls were made.
 */
export function evaluateToolCheck(
  check: CalledTool | ToolTrajectory,
  history: readonly TurnRecord[],
  diagnostics: Diagnostic[] | undefined,
): boolean {
  const test = check.type === 'CalledTool' ? calledToolTest(check) : trajectoryTest(check)
  const { scope } = check
  const fail = (why: () => string, turn?: { record: TurnRecord; index: number }): false => {
    if (diagnostics === undefined) return false
    const diagnostic: Diagnostic = {
      kind: 'outcome',
      message: `${toolCheckLabel(check)}: ${why()}; the check does not match.`,
    }
    if (turn !== undefined) {
      diagnostic.message = `Turn ${turn.index} ('${turn.record.nodeId}'): ${diagnostic.message}`
      diagnostic.nodeId = turn.record.nodeId
      diagnostic.turn = turn.index
    }
    diagnostics.push(diagnostic)
    return false
  }
  if (scope === undefined) {
    const calls: ToolCallRecord[] = []
    for (const turn of history) {
      if (matchesNodeFilter(check.nodeId, turn.nodeId)) calls.push(...turn.toolCalls)
    }
    return test.holds(calls) || fail(() => test.explain(calls))
  }
  if (isSingleTurnScope(scope)) {
    const index = singleTurnIndex(scope, history.length)
    if (index < 0) {
      diagnostics?.push(noTurn(scope, history))
      return false
    }
    const record = history[index] as TurnRecord
    return (
      test.holds(record.toolCalls) || fail(() => test.explain(record.toolCalls), { record, index })
    )
  }
  // AnyTurn stops at the first turn that holds, AllTurns at the first that fails.
  const every = scope.type === 'AllTurns'
  let selected = 0
  for (let index = 0; index < history.length; index++) {
    const record = history[index] as TurnRecord
    if (!matchesNodeFilter(scope.nodeId, record.nodeId)) continue
    selected++
    const holds = test.holds(record.toolCalls)
    if (holds && !every) return true
    if (!holds && every) return fail(() => test.explain(record.toolCalls), { record, index })
  }
  if (selected === 0) {
    diagnostics?.push(noTurn(scope, history))
    return false
  }
  return every || fail(() => `none of the ${selected} selected turns holds`)
}

function calledToolTest(check: CalledTool): CallsTest {
  const matches = compileCallPattern(check)
  const { times } = check
  const count = (calls: readonly ToolCallRecord[]) => {
    let n = 0
    for (const call of calls) if (matches(call)) n++
    return n
  }
  return {
    holds: (calls) => countFits(count(calls), times),
    explain: (calls) => {
      const n = count(calls)
      const named = calls.filter((call) => call.name === check.name).length
      const args =
        check.args !== undefined && named > n
          ? ` (${named - n} call${named - n === 1 ? '' : 's'} of '${check.name}' with other arguments)`
          : ''
      return `${n} matching call${n === 1 ? '' : 's'}${args}; calls made: ${callList(calls)}`
    },
  }
}

/** Whether a count of calls is what `times` asks for (default: at least one). */
export function countFits(count: number, times: number | CountRange | undefined): boolean {
  if (times === undefined) return count >= 1
  if (typeof times === 'number') return count === times
  return (
    (times.min === undefined || count >= times.min) &&
    (times.max === undefined || count <= times.max)
  )
}

function trajectoryTest(check: ToolTrajectory): CallsTest {
  const tests: CallTest[] = check.expected.map(compileCallPattern)
  return {
    holds: (calls) => matchTrajectory(calls, tests, check.mode).pass,
    explain: (calls) => {
      const match = matchTrajectory(calls, tests, check.mode)
      const parts = [`calls made: ${callList(calls)}`]
      if (match.firstDifference !== undefined) {
        const i = match.firstDifference
        const call = calls[i]
        const entry = check.expected[i]
        parts.push(
          `first difference at position ${i}: ${call === undefined ? 'no call' : describeCall(call)} where ${entry === undefined ? 'no further call' : describePattern(entry)} was expected`,
        )
      } else {
        if (check.mode !== 'subset' && match.missing.length > 0) {
          parts.push(
            `not made: ${describedList(match.missing, (j) => describePattern(check.expected[j] as (typeof check.expected)[number]))}`,
          )
        }
        if (check.mode !== 'superset' && match.extra.length > 0) {
          parts.push(
            `beyond the expected: ${describedList(match.extra, (i) => describeCall(calls[i] as ToolCallRecord))}`,
          )
        }
      }
      return parts.join('; ')
    },
  }
}

function callList(calls: readonly ToolCallRecord[]): string {
  return describedList(calls, describeCall)
}
