import { InvalidArgumentError } from '../errors/invalid-argument-error.js'
import type { ScenarioExecutionResult } from '../state/types.js'
import { agentFieldsProblem } from './agent-fields-problem.js'
import { assertReadable } from './assert-readable.js'
import { describeValue, thrownMessage } from './describe-value.js'
import { isPlainObject } from './is-plain-object.js'

const STATUSES = ['completed', 'limit_reached', 'error']
const FIX = 'Pass what run() or runScenario() returns, unchanged.'

type Fields = Record<string, unknown>

/** A result set as `resultSet()` builds it (the samples module's type, restated: no cycle). */
interface ResultSetShape {
  results: ScenarioExecutionResult[]
  passRate: number
  interval: { low: number; high: number; confidence: number }
}

/**
 * Throws an `InvalidArgumentError` naming `where` and the first field at fault unless `value`
 * has the shape of a run's result in every part that matchers, snapshots and outcome checks
 * read (status, path, turns, outcomes, diagnostics, error). The functions that take a result
 * call it once at their entry, so a hand-made or damaged result fails there, clearly.
 *
 * @example
 * assertResult(received, 'renderConversation(result)')
 */
export function assertResult(
  value: unknown,
  where: string,
  options: ShapeCheck = {},
): asserts value is ScenarioExecutionResult {
  if (options.walk !== false) assertReadable(value, where)
  const problem = readSafely(() => resultProblem(value), where)
  if (problem !== undefined) {
    throw new InvalidArgumentError(`${where} needs a scenario result: ${problem}`, FIX)
  }
}

/**
 * Throws unless `value` is a result set (`results`, `passRate`, `interval`) whose every sample
 * passes `assertResult`.
 */
export function assertResultSet(
  value: unknown,
  where: string,
  options: ShapeCheck = {},
): asserts value is ResultSetShape {
  if (options.walk !== false) assertReadable(value, where)
  const problem = readSafely(() => setProblem(value), where)
  if (problem !== undefined) {
    throw new InvalidArgumentError(
      `${where} needs a result set: ${problem}`,
      'Pass what run() returns with `samples: n`, or what resultSet(results) builds.',
    )
  }
}

/**
 * How much of a result is checked. By default every property is read once first (a throwing
 * getter, a Proxy or a cycle anywhere is an error naming its path): what renders a whole result
 * needs that. `walk: false` reads only the fields the shape check reads — what a matcher does on
 * every assertion, where walking the whole result (its final state included) cost ~70 µs for 5
 * turns and grew with the conversation.
 */
export interface ShapeCheck {
  walk?: boolean
}

/** Runs a shape check; a read that throws (a getter, a Proxy trap) is an InvalidArgumentError. */
function readSafely(check: () => string | undefined, where: string): string | undefined {
  try {
    return check()
  } catch (error) {
    throw new InvalidArgumentError(
      `${where} could not be read: ${thrownMessage(error)}`,
      FIX,
      undefined,
      { cause: error },
    )
  }
}

/** What is wrong with `value` as a result, or `undefined` when nothing is. */
export function resultProblem(value: unknown): string | undefined {
  if (!isPlainObject(value)) return `got ${describeValue(value)}`
  const r = value as Fields
  if (typeof r.scenarioId !== 'string') return field('scenarioId', r.scenarioId, 'a string')
  if (typeof r.status !== 'string' || !STATUSES.includes(r.status)) {
    return field('status', r.status, `one of ${STATUSES.map((s) => `'${s}'`).join(', ')}`)
  }
  if (!isStringArray(r.path)) return field('path', r.path, 'an array of node ids')
  if (!isCount(r.turnCount)) return field('turnCount', r.turnCount, 'a whole number')
  if (!Array.isArray(r.history)) return field('history', r.history, 'an array of turns')
  for (let i = 0; i < r.history.length; i++) {
    const problem = turnProblem(r.history[i], `history.${i}`)
    if (problem !== undefined) return problem
  }
  if (!isPlainObject(r.outcomeResults)) {
    return field('outcomeResults', r.outcomeResults, 'an object of booleans and numbers')
  }
  for (const [name, outcome] of Object.entries(r.outcomeResults)) {
    if (typeof outcome !== 'boolean' && typeof outcome !== 'number') {
      return field(`outcomeResults.${name}`, outcome, 'a boolean or a number')
    }
  }
  if (!Array.isArray(r.diagnostics)) return field('diagnostics', r.diagnostics, 'an array')
  for (let i = 0; i < r.diagnostics.length; i++) {
    const d = r.diagnostics[i]
    if (!isPlainObject(d) || typeof d.kind !== 'string' || typeof d.message !== 'string') {
      return field(`diagnostics.${i}`, d, 'an object { kind, message }')
    }
  }
  if (r.error !== undefined) {
    const e = r.error
    if (!isPlainObject(e) || !hasStrings(e, ['nodeId', 'category', 'stage', 'message'])) {
      return field('error', e, 'an object { nodeId, category, stage, message }')
    }
  }
  return agentFieldsProblem(r)
}

function turnProblem(value: unknown, at: string): string | undefined {
  if (!isPlainObject(value)) return field(at, value, 'a turn record')
  const t = value as Fields
  if (
    !hasStrings(t, ['nodeId']) ||
    (t.questionText !== null && typeof t.questionText !== 'string')
  ) {
    return field(at, value, 'a turn record with a nodeId and a questionText (a string or null)')
  }
  if (t.rawResponse !== null && typeof t.rawResponse !== 'string') {
    return field(`${at}.rawResponse`, t.rawResponse, 'a string or null')
  }
  if (t.verifyResult !== null && typeof t.verifyResult !== 'boolean') {
    return field(`${at}.verifyResult`, t.verifyResult, 'true, false or null')
  }
  if (!isPlainObject(t.parsedFields))
    return field(`${at}.parsedFields`, t.parsedFields, 'an object')
  if (!isPlainObject(t.rubric)) return field(`${at}.rubric`, t.rubric, 'an object')
  if (!Array.isArray(t.toolCalls)) return field(`${at}.toolCalls`, t.toolCalls, 'an array')
  for (let i = 0; i < t.toolCalls.length; i++) {
    const call = t.toolCalls[i]
    if (!isPlainObject(call) || typeof call.name !== 'string') {
      return field(`${at}.toolCalls.${i}`, call, 'a tool call { name, arguments, … }')
    }
  }
  // The answering agent's name (after a handoff), shown in snapshots and reports.
  if (t.agent !== undefined && typeof t.agent !== 'string') {
    return field(`${at}.agent`, t.agent, "a string (the answering agent's name)")
  }
  if (t.agents !== undefined && !isStringArray(t.agents)) {
    return field(`${at}.agents`, t.agents, 'an array of agent names')
  }
  if (t.guardrail !== undefined) {
    const g = t.guardrail
    if (
      !isPlainObject(g) ||
      typeof g.name !== 'string' ||
      !['input', 'output'].includes(String(g.kind))
    ) {
      return field(`${at}.guardrail`, g, "an object { name, kind: 'input' | 'output', info }")
    }
  }
  if (t.error !== undefined) {
    const e = t.error
    if (!isPlainObject(e) || !hasStrings(e, ['category', 'stage', 'message'])) {
      return field(`${at}.error`, e, 'an object { category, stage, message }')
    }
  }
  return undefined
}

function setProblem(value: unknown): string | undefined {
  if (!isPlainObject(value)) return `got ${describeValue(value)}`
  const s = value as Fields
  if (!Array.isArray(s.results)) return field('results', s.results, 'an array of results')
  if (!isShare(s.passRate)) return field('passRate', s.passRate, 'a number from 0 to 1')
  const interval = s.interval
  if (!isPlainObject(interval) || !isShare(interval.low) || !isShare(interval.high)) {
    return field('interval', interval, 'an object { low, high, confidence }')
  }
  if (!isShare(interval.confidence)) {
    return field('interval.confidence', interval.confidence, 'a number from 0 to 1')
  }
  for (let i = 0; i < s.results.length; i++) {
    const problem = resultProblem(s.results[i])
    if (problem !== undefined) return `results.${i}: ${problem}`
  }
  return undefined
}

function field(path: string, value: unknown, wanted: string): string {
  return `\`${path}\` is ${describeValue(value)}, not ${wanted}`
}

function hasStrings(value: Fields, keys: readonly string[]): boolean {
  return keys.every((key) => typeof value[key] === 'string')
}

function isStringArray(value: unknown): boolean {
  return Array.isArray(value) && value.every((item) => typeof item === 'string')
}

function isCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0
}

function isShare(value: unknown): boolean {
  return typeof value === 'number' && value >= 0 && value <= 1
}
