// The steps of a turn's tool calls: the calls one assistant message (one model response) made.

import type { ToolCallRecord } from '../state/types.js'
import { describeCall, describedList } from './describe-tool-calls.js'

/** The calls of one step, in the order they were made. */
export type CallStep = readonly ToolCallRecord[]

/**
 * One turn's calls cut into steps: consecutive calls with the same `step` form one; a call
 * without `step` (a record written before steps were kept) is a step of its own. Steps restart
 * in every turn, so turns are cut one by one and their steps put after each other.
 *
 * @example
 * stepsOf([{ id: 'a', name: 'f', arguments: {}, step: 0 }, { id: 'b', name: 'f', arguments: {}, step: 0 }])
 * // one step of two calls
 */
export function stepsOf(calls: readonly ToolCallRecord[]): ToolCallRecord[][] {
  const steps: ToolCallRecord[][] = []
  let current: ToolCallRecord[] | undefined
  let previous: number | undefined
  for (const call of calls) {
    const { step } = call
    if (current === undefined || step === undefined || step !== previous) {
      current = []
      steps.push(current)
    }
    current.push(call)
    previous = step
  }
  return steps
}

/**
 * A step as text: its call alone, or its calls in brackets when it made several at once:
 * `search({"q":"x"})`, `[get_weather({"city":"SF"}), get_weather({"city":"London"})]`.
 */
export function describeStep(step: CallStep): string {
  if (step.length === 1) return describeCall(step[0] as ToolCallRecord)
  return `[${describedList(step, describeCall)}]`
}

/** Steps as one line, parallel calls grouped in brackets; `(none)` when there are none. */
export function describeSteps(steps: readonly CallStep[]): string {
  return describedList(steps, describeStep)
}
