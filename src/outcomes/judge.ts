import { z } from 'zod'
import { InvalidArgumentError } from '../errors/index.js'
import { assertReadable } from '../internal/assert-readable.js'
import { describeValue } from '../internal/describe-value.js'
import { parseOptions } from '../internal/options-schema.js'
import { modelConfigSchema } from '../models/model-config-schema.js'
import type { CriterionJudgement, JudgeResult } from '../state/types.js'
import type { JudgeCheck } from './types.js'

// An even count can tie, and a tie decides nothing: the judge is asked an odd number of times.
const VOTES = 'an odd whole number ≥ 1 (use 3 or 5 to take a majority)'

/** The rules of `judge()`'s options, the one place they live (a JSON document's judge too). */
export const judgeOptionsSchema = z.strictObject(
  {
    /** The judge's model; the run's parsing model when absent. */
    model: modelConfigSchema.optional(),
    /** Added to the judge's prompt. */
    instructions: z.string('a string').optional(),
    /** How an inconclusive criterion counts. @default 'fail' */
    inconclusive: z.enum(['fail', 'pass'], { error: "'fail' or 'pass'" }).optional(),
    /**
     * How many times the judge is asked (an odd whole number); each criterion takes the verdict
     * more than half the votes give, else `inconclusive`. @default 1
     */
    votes: z
      .int(VOTES)
      .refine((k) => k >= 1 && k % 2 === 1, { error: VOTES })
      .optional(),
  },
  { error: 'an options object { model?, instructions?, inconclusive?, votes? }' },
)

/**
 * Options of `judge()`: the judge's model, extra instructions, how inconclusive counts, and how
 * many votes decide each criterion.
 */
export type JudgeOptions = z.input<typeof judgeOptionsSchema>

const JUDGE_FIX =
  "Write judge(['The agent asked for the order number before refunding'], { model?, instructions?, inconclusive?, votes? })."

/**
 * A conversation judge as a boolean check node: after the run, one model call (its `model`, else
 * the run's parsing model) reads the whole transcript — seed, questions, answers, tool calls and
 * results — and gives each criterion a verdict (`met`, `unmet`, `inconclusive`) with its
 * reasoning. With `votes: k` (odd) it is asked k times and each criterion takes the majority's
 * verdict (`inconclusive` when none has more than half), each vote kept. It holds when every criterion is met; an inconclusive one counts as `inconclusive`
 * says (`'fail'` by default). Plain data, frozen, serializable (without a `client`), and it
 * composes in `allOf`/`anyOf`/`atLeastN`. The verdicts land in `result.judgements[<outcome>]`.
 *
 * @example
 * s.addOutcome('polite refund', judge([
 *   'The agent asks for the order number before promising a refund',
 *   'The agent never blames the customer',
 * ]))
 */
export function judge(criteria: readonly string[], options?: JudgeOptions): JudgeCheck {
  const where = 'judge(criteria, options)'
  const list = readCriteria(criteria, `${where}: criteria`)
  const checked = parseOptions(judgeOptionsSchema, options ?? {}, { where, fix: JUDGE_FIX })
  return judgeNode(list, checked)
}

/**
 * Validates a judge node (`readCheck` calls it for hand-built nodes and JSON documents) and
 * returns it rebuilt (`hydrate`) or as it is. A document's model may hold no `client`, `driver`
 * or `apiKey`.
 */
export function readJudgeNode(
  node: Record<string, unknown>,
  where: string,
  hydrate: boolean,
): JudgeCheck {
  const criteria = readCriteria(node.criteria, `${where}.criteria`)
  const model = node.model
  if (hydrate && typeof model === 'object' && model !== null) {
    for (const key of ['client', 'driver', 'apiKey']) {
      if (Object.hasOwn(model, key)) {
        throw new InvalidArgumentError(
          `Invalid outcome check at ${where}.model.${key}: '${key}' cannot be loaded from a document`,
          'A document holds no clients, drivers or API keys: leave the judge without `model` to use the run’s parsing model, or set `baseURL`.',
        )
      }
    }
  }
  const options: Record<string, unknown> = {}
  for (const key of ['model', 'instructions', 'inconclusive', 'votes'] as const) {
    if (node[key] !== undefined) options[key] = node[key]
  }
  const checked = parseOptions(judgeOptionsSchema, options, {
    where: `the judge at ${where}`,
    fix: JUDGE_FIX,
  })
  return hydrate ? judgeNode(criteria, checked) : (node as unknown as JudgeCheck)
}

function judgeNode(
  criteria: readonly string[],
  options: z.output<typeof judgeOptionsSchema>,
): JudgeCheck {
  const node: JudgeCheck = { type: 'Judge', criteria: Object.freeze([...criteria]) }
  if (options.model !== undefined) node.model = Object.freeze({ ...options.model })
  if (options.instructions !== undefined) node.instructions = options.instructions
  if (options.inconclusive !== undefined) node.inconclusive = options.inconclusive
  if (options.votes !== undefined) node.votes = options.votes
  return Object.freeze(node)
}

/** A non-empty list of non-empty strings, each a criterion; else an `InvalidArgumentError`. */
export function readCriteria(value: unknown, where: string): readonly string[] {
  // A revoked Proxy or a throwing getter is named here, never a TypeError from the checks below.
  assertReadable(value, where, 2)
  if (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((c) => typeof c === 'string' && c.trim() !== '')
  ) {
    // A copy: the caller's list may change after it was checked.
    return [...(value as string[])]
  }
  const problem = !Array.isArray(value)
    ? `${describeValue(value)} is not a list of criteria`
    : value.length === 0
      ? 'the list of criteria is empty'
      : `criterion ${value.findIndex((c) => typeof c !== 'string' || c.trim() === '')} is ${describeValue(value.find((c) => typeof c !== 'string' || c.trim() === ''))}, not a non-empty string`
  throw new InvalidArgumentError(`${where}: ${problem}`, JUDGE_FIX)
}

/**
 * A judgement from its criteria's verdicts: `fail` when one is unmet, else `inconclusive` when
 * one is, else `pass`. Several judges of one outcome combine the same way, over all their
 * criteria.
 */
export function judgementOf(criteria: CriterionJudgement[]): JudgeResult {
  let verdict: JudgeResult['verdict'] = 'pass'
  for (const { verdict: v } of criteria) {
    if (v === 'unmet') return { verdict: 'fail', criteria }
    if (v === 'inconclusive') verdict = 'inconclusive'
  }
  return { verdict, criteria }
}
