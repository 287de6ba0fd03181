// Evaluates `CalledTool` and `ToolTrajectory` against a run's history.

import type { Diagnostic, ToolCallRecord, TurnRecord } from '../state/types.js'
import {
  describeCall,
  describedList,
  describeExpected,
  describePattern,
  toolCheckLabel,
} from './describe-tool-calls.js'
import { noTurn } from './outcome-diagnostics.js'
import { isSingleTurnScope, singleTurnIndex } from './scope-turns.js'
import { matchesNodeFilter } from './scopes.js'
import {
  compileCallPattern,
  type ExpectedTests,
  matchTrajectory,
  type StepDifference,
} from './tool-match.js'
import { type CallStep, describeStep, describeSteps, stepsOf } from './tool-steps.js'
import type { CalledTool, CountRange, ToolCallPattern, ToolTrajectory } from './types.js'

/**
 * Tests the calls made, in steps (the calls of one assistant message each); `explain` says why
 * they failed (only called for a diagnostic).
 */
interface CallsTest {
  holds(steps: readonly CallStep[]): boolean
  explain(steps: readonly CallStep[]): string
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
    // Steps are cut turn by turn: they restart in every turn.
    const steps: CallStep[] = []
    for (const turn of history) {
      if (matchesNodeFilter(check.nodeId, turn.nodeId)) steps.push(...stepsOf(turn.toolCalls))
    }
    return test.holds(steps) || fail(() => test.explain(steps))
  }
  if (isSingleTurnScope(scope)) {
    const index = singleTurnIndex(scope, history.length)
    if (index < 0) {
      diagnostics?.push(noTurn(scope, history))
      return false
    }
    const record = history[index] as TurnRecord
    const steps = stepsOf(record.toolCalls)
    return test.holds(steps) || fail(() => test.explain(steps), { record, index })
  }
  // AnyTurn stops at the first turn that holds, AllTurns at the first that fails.
  const every = scope.type === 'AllTurns'
  let selected = 0
  for (let index = 0; index < history.length; index++) {
    const record = history[index] as TurnRecord
    if (!matchesNodeFilter(scope.nodeId, record.nodeId)) continue
    selected++
    const steps = stepsOf(record.toolCalls)
    const holds = test.holds(steps)
    if (holds && !every) return true
    if (!holds && every) return fail(() => test.explain(steps), { record, index })
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
    holds: (steps) => countFits(count(steps.flat()), times),
    explain: (steps) => {
      const calls = steps.flat()
      const n = count(calls)
      const named = calls.filter((call) => call.name === check.name).length
      const args =
        check.args !== undefined && named > n
          ? ` (${named - n} call${named - n === 1 ? '' : 's'} of '${check.name}' with other arguments)`
          : ''
      return `${n} matching call${n === 1 ? '' : 's'}${args}; calls made: ${describeSteps(steps)}`
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
  const tests: ExpectedTests = check.expected.map((entry) =>
    Array.isArray(entry) ? entry.map(compileCallPattern) : compileCallPattern(entry),
  )
  const patterns: ToolCallPattern[] = check.expected.flat()
  const explicit = check.expected.some((entry) => Array.isArray(entry))
  const match = (steps: readonly CallStep[]) =>
    matchTrajectory(steps, tests, check.mode, check.parallel)
  return {
    holds: (steps) => match(steps).pass,
    explain: (steps) => {
      const found = match(steps)
      const calls = steps.flat()
      const parts = [`calls made: ${describeSteps(steps)}`]
      if (found.difference !== undefined) {
        parts.push(differenceText(found.difference, steps, patterns, explicit))
      } else {
        if (check.mode !== 'subset' && found.missing.length > 0) {
          parts.push(
            `not made: ${describedList(found.missing, (j) => describePattern(patterns[j] as ToolCallPattern))}`,
          )
        }
        if (check.mode !== 'superset' && found.extra.length > 0) {
          parts.push(
            `beyond the expected: ${describedList(found.extra, (i) => describeCall(calls[i] as ToolCallRecord))}`,
          )
        }
      }
      return parts.join('; ')
    },
  }
}

/**
 * Where `strict` found a difference: at a position of the calls when the step and its expected
 * entries are one call each (as a trajectory of single calls reads), else at a step, its calls
 * and the expected ones grouped.
 */
function differenceText(
  difference: StepDifference,
  steps: readonly CallStep[],
  patterns: readonly ToolCallPattern[],
  explicit: boolean,
): string {
  const step = steps[difference.step] ?? []
  const group = difference.expected.map((j) => patterns[j] as ToolCallPattern)
  if (!explicit && step.length <= 1 && group.length <= 1) {
    const call = step[0]
    const entry = group[0]
    return `first difference at position ${difference.position}: ${call === undefined ? 'no call' : describeCall(call)} where ${entry === undefined ? 'no further call' : describePattern(entry)} was expected`
  }
  const made = step.length === 0 ? 'no call' : describeStep(step)
  const wanted =
    group.length === 0
      ? 'no further call'
      : group.length === 1 && !explicit
        ? describePattern(group[0] as ToolCallPattern)
        : describeExpected(group)
  return `first difference at step ${difference.step}: ${made} where ${wanted} was expected`
}
