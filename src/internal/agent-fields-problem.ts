// The shape check of the result fields agent tests add (seed, messages, judgements, outcome errors and
// reasons), for `assertResult`: transcripts and reports read them, so a hand-made or damaged
// value fails at the entry with its path, never as a TypeError inside a renderer. Each field may
// be absent (a result from before these fields existed had none of them).
import { describeValue } from './describe-value.js'
import { isPlainObject } from './is-plain-object.js'

const ROLES = ['system', 'user', 'assistant', 'tool']
const JUDGE_VERDICTS = ['pass', 'fail', 'inconclusive']
const CRITERION_VERDICTS = ['met', 'unmet', 'inconclusive']

/** What is wrong with the agent-test fields of a result, or `undefined` when nothing is. */
export function agentFieldsProblem(r: Record<string, unknown>): string | undefined {
  if (r.seed !== undefined) {
    if (!Array.isArray(r.seed)) return field('seed', r.seed, 'an array of chat messages')
    for (let i = 0; i < r.seed.length; i++) {
      const problem = messageProblem(r.seed[i], `seed.${i}`)
      if (problem !== undefined) return problem
    }
  }
  // The run's whole conversation; absent on a result written before it was kept.
  if (r.messages !== undefined) {
    if (!Array.isArray(r.messages))
      return field('messages', r.messages, 'an array of chat messages')
    for (let i = 0; i < r.messages.length; i++) {
      const problem = messageProblem(r.messages[i], `messages.${i}`)
      if (problem !== undefined) return problem
    }
  }
  if (r.judgements !== undefined) {
    if (!isPlainObject(r.judgements)) return field('judgements', r.judgements, 'an object')
    for (const [name, judgement] of Object.entries(r.judgements)) {
      const problem = judgementProblem(judgement, `judgements.${name}`)
      if (problem !== undefined) return problem
    }
  }
  if (r.outcomeErrors !== undefined) {
    if (!isPlainObject(r.outcomeErrors)) return field('outcomeErrors', r.outcomeErrors, 'an object')
    for (const [name, error] of Object.entries(r.outcomeErrors)) {
      if (
        !isPlainObject(error) ||
        typeof error.category !== 'string' ||
        typeof error.message !== 'string'
      ) {
        return field(`outcomeErrors.${name}`, error, 'an object { category, message }')
      }
    }
  }
  if (r.outcomeReasons !== undefined) {
    if (!isPlainObject(r.outcomeReasons)) {
      return field('outcomeReasons', r.outcomeReasons, 'an object of strings')
    }
    for (const [name, reason] of Object.entries(r.outcomeReasons)) {
      if (typeof reason !== 'string') return field(`outcomeReasons.${name}`, reason, 'a string')
    }
  }
  return undefined
}

/**
 * What is wrong with one chat message (Chat Completions shape) at `at`, or `undefined`: a role of
 * the four, string content (`null` allowed for an assistant), a tool message's call id, and an
 * assistant's tool calls `{ id, function: { name, arguments } }` with string fields.
 */
export function messageProblem(value: unknown, at: string): string | undefined {
  if (!isPlainObject(value) || typeof value.role !== 'string' || !ROLES.includes(value.role)) {
    return field(at, value, "a chat message { role: 'system' | 'user' | 'assistant' | 'tool', … }")
  }
  const nullable = value.role === 'assistant'
  if (typeof value.content !== 'string' && !(nullable && value.content === null)) {
    return field(`${at}.content`, value.content, nullable ? 'a string or null' : 'a string')
  }
  if (value.role === 'tool' && typeof value.tool_call_id !== 'string') {
    return field(`${at}.tool_call_id`, value.tool_call_id, 'a string')
  }
  if (value.role === 'assistant' && value.tool_calls !== undefined) {
    if (!Array.isArray(value.tool_calls)) {
      return field(`${at}.tool_calls`, value.tool_calls, 'an array')
    }
    for (let i = 0; i < value.tool_calls.length; i++) {
      const call: unknown = value.tool_calls[i]
      const fn = isPlainObject(call) ? call.function : undefined
      if (
        !isPlainObject(call) ||
        typeof call.id !== 'string' ||
        !isPlainObject(fn) ||
        typeof fn.name !== 'string' ||
        typeof fn.arguments !== 'string'
      ) {
        return field(
          `${at}.tool_calls.${i}`,
          call,
          'a tool call { id, function: { name, arguments } }',
        )
      }
    }
  }
  return undefined
}

function judgementProblem(value: unknown, at: string): string | undefined {
  if (
    !isPlainObject(value) ||
    typeof value.verdict !== 'string' ||
    !JUDGE_VERDICTS.includes(value.verdict)
  ) {
    return field(at, value, "a judgement { verdict: 'pass' | 'fail' | 'inconclusive', criteria }")
  }
  if (!Array.isArray(value.criteria)) return field(`${at}.criteria`, value.criteria, 'an array')
  for (let i = 0; i < value.criteria.length; i++) {
    const c: unknown = value.criteria[i]
    if (
      !isPlainObject(c) ||
      typeof c.criterion !== 'string' ||
      typeof c.reasoning !== 'string' ||
      typeof c.verdict !== 'string' ||
      !CRITERION_VERDICTS.includes(c.verdict)
    ) {
      return field(
        `${at}.criteria.${i}`,
        c,
        "a criterion { criterion, verdict: 'met' | 'unmet' | 'inconclusive', reasoning }",
      )
    }
    const problem = votesProblem(c.votes, `${at}.criteria.${i}.votes`)
    if (problem !== undefined) return problem
  }
  return undefined
}

/** A criterion's `votes` (a judge asked several times): absent, or a list of votes. */
function votesProblem(votes: unknown, at: string): string | undefined {
  if (votes === undefined) return undefined
  if (!Array.isArray(votes)) return field(at, votes, 'an array of votes')
  for (let i = 0; i < votes.length; i++) {
    const v: unknown = votes[i]
    if (
      !isPlainObject(v) ||
      typeof v.reasoning !== 'string' ||
      typeof v.verdict !== 'string' ||
      !CRITERION_VERDICTS.includes(v.verdict)
    ) {
      return field(
        `${at}.${i}`,
        v,
        "a vote { verdict: 'met' | 'unmet' | 'inconclusive', reasoning }",
      )
    }
  }
  return undefined
}

function field(path: string, value: unknown, wanted: string): string {
  return `\`${path}\` is ${describeValue(value)}, not ${wanted}`
}
