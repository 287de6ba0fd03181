// The texts of a scenario's meta — seeded messages, questions, answers, tool calls and judge
// reasoning — kept within a budget per scenario, failed runs first: a sample set of 20 long
// conversations keeps the texts of the first few, not megabytes of meta.
import { setOwn } from '../../../state/own-keys.js'
import type { ScenarioExecutionResult, TurnRecord } from '../../../state/types.js'
import type { JudgementMeta, ScenarioRunMeta, ToolCallMeta } from './meta-schema.js'
import { failedFirst, type MetaWriter } from './meta-writer.js'
import { MAX_TOOL_NAMES, TOOL_NAME_CLIP } from './run-meta.js'

/** How many characters of a question or an answer the meta keeps. */
export const TEXT_CLIP = 200
/** How many characters of question and answer text one scenario's meta keeps in all. */
export const TEXT_BUDGET = 12_000
/** How many characters of a tool call's arguments, result or error the meta keeps. */
const CALL_CLIP = 120
/** How many characters of a judge criterion, and of its reasoning, the meta keeps. */
const CRITERION_CLIP = 200
const REASONING_CLIP = 500
/** How many criteria of one judgement the meta keeps. */
const MAX_CRITERIA = 20
/**
 * How many characters of judge criteria and reasoning one scenario's meta keeps in all (failed
 * runs first); past it a judgement keeps its verdict and says how many criteria it left out.
 */
export const JUDGEMENT_BUDGET = 8_000

/**
 * Adds clipped seeded messages, question and answer texts and tool calls to the runs while the
 * budget lasts: failed runs first (the ones a reader opens the report for), then the rest in
 * order. A sample set of 20 long conversations keeps the texts of the first few, not megabytes
 * of meta.
 */
export function addTexts(
  runs: ScenarioRunMeta[],
  results: readonly ScenarioExecutionResult[],
  write: MetaWriter,
): void {
  let budget = TEXT_BUDGET
  for (const index of failedFirst(runs)) {
    const run = runs[index]
    const history = results[index]?.history
    if (run === undefined || history === undefined) continue
    // The seeded messages come before the first turn, in the report as in the conversation.
    const seed = results[index]?.seed ?? []
    for (const [i, meta] of (run.seed?.messages ?? []).entries()) {
      const content = seed[i]?.content
      if (typeof content !== 'string' || content === '') continue
      const text = write.text(content, `runs.${index}.seed.messages.${i}.text`, TEXT_CLIP, true)
      if (text.length > budget) return
      budget -= text.length
      meta.text = text
    }
    for (const [turnIndex, record] of history.entries()) {
      const turn = run.turns[turnIndex]
      if (turn === undefined) continue
      const at = `runs.${index}.turns.${turnIndex}`
      // `null`: no user message this turn; the turn says so (`noQuestion`), no text to keep.
      const asked: string | null = record.questionText
      const question = asked === null ? '' : write.text(asked, `${at}.question`, TEXT_CLIP, true)
      const answer =
        typeof record.rawResponse === 'string'
          ? write.text(record.rawResponse, `${at}.answer`, TEXT_CLIP, true)
          : null
      const calls = callsMeta(record, write, at)
      const cost =
        question.length +
        (answer?.length ?? 0) +
        calls.reduce((sum, c) => sum + c.args.length + (c.result ?? c.error ?? '').length, 0)
      if (cost > budget) return
      budget -= cost
      if (asked !== null) turn.question = question
      turn.answer = answer
      if (calls.length > 0) turn.calls = calls
    }
  }
}

/** A turn's tool calls as one-line clipped JSON; malformed entries (not from the runner) skipped. */
function callsMeta(record: TurnRecord, write: MetaWriter, at: string): ToolCallMeta[] {
  const calls = Array.isArray(record.toolCalls) ? record.toolCalls.slice(0, MAX_TOOL_NAMES) : []
  return calls.flatMap((call, i): ToolCallMeta[] => {
    if (typeof call?.name !== 'string') return []
    const path = `${at}.calls.${i}`
    const out: ToolCallMeta = {
      name: write.text(call.name, `${path}.name`, TOOL_NAME_CLIP),
      args: write.text(jsonText(call.arguments), `${path}.args`, CALL_CLIP, true),
    }
    if (typeof call.error === 'string') {
      out.error = write.text(call.error, `${path}.error`, CALL_CLIP, true)
    } else if (call.result !== undefined) {
      out.result = write.text(jsonText(call.result), `${path}.result`, CALL_CLIP, true)
    }
    return [out]
  })
}

/** JSON text of a tool's data; what JSON cannot write (a cycle, a bigint) is named, not thrown. */
function jsonText(value: unknown): string {
  if (typeof value === 'string') return value
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return `(${typeof value} not JSON)`
  }
}

/**
 * The judgements of each run, failed runs first, within `JUDGEMENT_BUDGET` characters in all: a
 * judgement past it keeps its verdict and counts the criteria it left out. Every criterion keeps
 * its reasoning (a comparison shows both runs' reasons); a met one drops it first when the budget
 * runs short.
 */
export function addJudgements(
  runs: ScenarioRunMeta[],
  results: readonly ScenarioExecutionResult[],
  write: MetaWriter,
): void {
  let budget = JUDGEMENT_BUDGET
  for (const index of failedFirst(runs)) {
    const run = runs[index]
    const judgements = Object.entries(results[index]?.judgements ?? {})
    if (run === undefined || judgements.length === 0) continue
    run.judgements = {}
    for (const [name, judgement] of judgements) {
      const key = write.outcome(name)
      const at = `runs.${index}.judgements.${key}`
      const out: JudgementMeta = { verdict: judgement.verdict, criteria: [] }
      const criteria = Array.isArray(judgement.criteria) ? judgement.criteria : []
      for (const [i, criterion] of criteria.slice(0, MAX_CRITERIA).entries()) {
        const item: JudgementMeta['criteria'][number] = {
          criterion: write.text(
            String(criterion.criterion),
            `${at}.criteria.${i}.criterion`,
            CRITERION_CLIP,
            true,
          ),
          verdict: criterion.verdict,
        }
        // The verdicts only, short whatever the budget: the tally is what shows disagreement.
        if (Array.isArray(criterion.votes)) item.votes = criterion.votes.map((v) => v.verdict)
        if (typeof criterion.reasoning === 'string') {
          item.reasoning = write.text(
            criterion.reasoning,
            `${at}.criteria.${i}.reasoning`,
            REASONING_CLIP,
            true,
          )
        }
        // A met criterion's reasoning is the first thing to go when the budget runs short: the
        // unmet ones' are what a reader needs to see why a test failed.
        if (
          item.verdict === 'met' &&
          item.reasoning !== undefined &&
          item.criterion.length + item.reasoning.length > budget
        ) {
          delete item.reasoning
        }
        const cost = item.criterion.length + (item.reasoning?.length ?? 0)
        if (cost > budget) break
        budget -= cost
        out.criteria.push(item)
      }
      if (out.criteria.length < criteria.length) out.omitted = criteria.length - out.criteria.length
      setOwn(run.judgements, key, out)
    }
  }
}
