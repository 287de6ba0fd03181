import { z } from 'zod'
import { isModelCallError } from '../errors/index.js'
import { assertResult } from '../internal/assert-result.js'
import { describeThrown } from '../internal/describe-value.js'
import { isAbortSignal } from '../internal/is-abort-signal.js'
import { parseOptions } from '../internal/options-schema.js'
import { addDetails } from '../internal/usage-details.js'
import { judgementOf, judgeOptionsSchema, readCriteria } from '../outcomes/judge.js'
import { hasMajority, majorityVerdict, tallyVotes } from '../outcomes/vote-tally.js'
import { recordingErrorOf } from '../recordings/recording-error-of.js'
import { isRecordingSession, type RecordingSession } from '../recordings/session.js'
import type {
  CriterionJudgement,
  CriterionVote,
  JudgeResult,
  OutcomeError,
  ScenarioExecutionResult,
  Usage,
} from '../state/types.js'
import { chatCompletion, type ReplayTally } from './chat-completion.js'
import { isLimiter, type Limiter, processLimiter } from './limiter.js'
import { modelConfigSchema } from './model-config-schema.js'
import { zodHelpers } from './openai-zod-helpers.js'
import { renderTranscript } from './transcript-text.js'

export { renderTranscript }

/**
 * The judge's system prompt, the library's own (the testing-agents guide quotes it verbatim; a test keeps the
 * two the same). Each rule answers a way judges go wrong: criteria judged together, the scenario's
 * intent graded instead of the transcript, a guess where the transcript is silent, a verdict
 * given before the evidence was looked at.
 */
export const JUDGE_SYSTEM_PROMPT = `You judge a conversation between a user and an AI assistant against a numbered list of criteria. You see the conversation as a transcript: what the user and the assistant said, the tools the assistant called with their arguments, and what the tools returned.

Rules:
1. Judge each criterion on its own. The verdict on one criterion never depends on the verdict on another.
2. Judge against the transcript only. Do not judge what the conversation seems meant to test, what the assistant may have meant, or anything no criterion asks about.
3. For each criterion, write your reasoning first: name the turn that is your evidence and quote the words that decide it (for example: Turn 2, assistant: "..."). Then give the verdict.
4. The verdict is "met" when the transcript shows that the criterion holds, "unmet" when it shows that it does not hold, and "inconclusive" when the transcript does not show either way (for example, the conversation never reached the point the criterion is about). Never guess: missing evidence is "inconclusive", not "met" or "unmet".`

/**
 * What a judge decided (`ok: true`: `pass`, each criterion's verdict and reasoning) or why it
 * could not decide (`ok: false`: the judge unreachable, a recording miss, a reply that cannot be
 * read) — an error, never a verdict. `usage` is what the calls spent; `replayed` when any call
 * was answered from a recording.
 */
export type ConversationJudgement =
  | { ok: true; pass: boolean; judgement: JudgeResult; usage: Usage; replayed: boolean }
  | { ok: false; error: OutcomeError; usage: Usage; replayed: boolean }

/** The rules of `judgeConversation`'s options, the one place they live. */
const judgeConversationSchema = judgeOptionsSchema.extend({
  /** The judge's model (an OpenAI-compatible endpoint). */
  model: modelConfigSchema,
  /** The recording session the call is answered through; none: the call goes live. */
  recording: z
    .custom<RecordingSession>(isRecordingSession, {
      error: 'a RecordingSession (from vitest-scenario/host)',
    })
    .optional(),
  /** The limiter the call waits in; the process's by default. */
  limiter: z
    .custom<Limiter>(isLimiter, {
      error: 'a limiter made with createLimiter({ maxConcurrentCalls })',
    })
    .optional(),
  /** Aborts the call. */
  signal: z.custom<AbortSignal>(isAbortSignal, { error: 'an AbortSignal' }).optional(),
})

/**
 * Options of `judgeConversation`: the judge's model (`model`), `instructions` added to its prompt,
 * how an `inconclusive` criterion counts (default `'fail'`), how many times it is asked (`votes`,
 * odd, default 1: each criterion takes the majority), and how its calls are made (`recording`,
 * `limiter`, `signal`).
 */
export interface JudgeConversationOptions extends z.input<typeof judgeConversationSchema> {}

/**
 * Judges a finished run's whole conversation against `criteria` with one model call (`votes`
 * calls with `votes`), as a `judge()` outcome does, outside any run: the seed, each turn's question, answer, tool calls and
 * results. Runner-free (no test runner, no global): the caller gives the model and, to record and
 * replay the call, the recording session. Bad arguments throw `InvalidArgumentError`; a call that
 * fails is returned as an error (`ok: false`), never thrown.
 *
 * @example
 * const judged = await judgeConversation(result, ['The agent confirms the refund amount'], {
 *   model: { model: 'gpt-4.1-mini' },
 * })
 * if (judged.ok) judged.judgement.criteria // [{ criterion, verdict: 'met', reasoning }]
 */
export async function judgeConversation(
  result: ScenarioExecutionResult,
  criteria: readonly string[],
  options: JudgeConversationOptions,
): Promise<ConversationJudgement> {
  const where = 'judgeConversation(result, criteria, options)'
  assertResult(result, where)
  const list = readCriteria(criteria, `${where}: criteria`)
  const checked = parseOptions(judgeConversationSchema, options, {
    where,
    fix: 'Give at least the judge’s model: judgeConversation(result, criteria, { model: { model: "gpt-4.1-mini" } }).',
  })
  return judgeTranscript(result, list, checked)
}

/** `judgeConversation` without the checks of its arguments: for callers that made them already. */
export async function judgeTranscript(
  result: ScenarioExecutionResult,
  criteria: readonly string[],
  options: JudgeConversationOptions,
): Promise<ConversationJudgement> {
  let transcript: string
  try {
    transcript = renderTranscript(result)
  } catch (error) {
    // A result that cannot be read (a throwing getter deep in it) is the judge's error, as a
    // failed call is: never a verdict, never thrown.
    return { ok: false, error: callError(error), usage: none(), replayed: false }
  }
  return judgeTranscriptText(transcript, criteria, options)
}

/**
 * The judge of an already rendered transcript (`renderTranscript`), e.g. one a run kept in its
 * results: the same request, byte for byte, as `judgeTranscript` of the result it was rendered
 * from, so a recording of one answers the other. No checks of its arguments.
 */
export async function judgeTranscriptText(
  transcript: string,
  criteria: readonly string[],
  options: JudgeConversationOptions,
): Promise<ConversationJudgement> {
  const replay: ReplayTally = { calls: 0, recordedDurationMs: 0 }
  const system =
    options.instructions === undefined || options.instructions.trim() === ''
      ? JUDGE_SYSTEM_PROMPT
      : `${JUDGE_SYSTEM_PROMPT}\n\nInstructions from the test author:\n${options.instructions}`
  const request = transcriptRequest(transcript, criteria)
  const usage = none()
  const ballots: CriterionJudgement[][] = []
  // The same request k times, one after the other: a recording answers repeated identical
  // requests in the order they were made, so a replay gets each vote back where it was cast.
  for (let i = 0; i < (options.votes ?? 1); i++) {
    const cast = await castVote(options, system, request, criteria, replay)
    addTokens(usage, cast.usage)
    if (!cast.ok) return { ok: false, error: cast.error, usage, replayed: replay.calls > 0 }
    ballots.push(cast.criteria)
  }
  const replayed = replay.calls > 0
  const decided =
    options.votes === undefined ? (ballots[0] ?? []) : majorityOfBallots(criteria, ballots)
  const judgement = judgementOf(decided)
  const pass =
    judgement.verdict === 'pass' ||
    (judgement.verdict === 'inconclusive' && options.inconclusive === 'pass')
  return { ok: true, pass, judgement, usage, replayed }
}

type Cast =
  | { ok: true; criteria: CriterionJudgement[]; usage: Usage }
  | { ok: false; error: OutcomeError; usage: Usage }

/** One call of the judge: each criterion's verdict, or why there is none. */
async function castVote(
  options: JudgeConversationOptions,
  system: string,
  request: string,
  criteria: readonly string[],
  replay: ReplayTally,
): Promise<Cast> {
  let content: string | null
  let usage: Usage
  try {
    const answer = await chatCompletion(
      options.model,
      {
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: request },
        ],
        responseFormat: formatFor(criteria.length),
      },
      {
        signal: options.signal ?? neverAborted,
        stage: 'verify',
        calls: { limiter: options.limiter ?? processLimiter, recording: options.recording },
        replay,
      },
    )
    content = answer.content
    usage = answer.usage
  } catch (error) {
    return { ok: false, error: callError(error), usage: none() }
  }
  const read = readVerdicts(content, criteria)
  return read.ok ? { ...read, usage } : { ok: false, error: read.error, usage }
}

/**
 * Each criterion decided by its votes (`majorityVerdict`), every vote kept in order. Its
 * reasoning is the first agreeing vote's; with no majority, a sentence saying so before the first
 * vote's, so a reader sees why it is inconclusive.
 */
function majorityOfBallots(
  criteria: readonly string[],
  ballots: readonly CriterionJudgement[][],
): CriterionJudgement[] {
  return criteria.map((criterion, i) => {
    const votes: CriterionVote[] = ballots.map((ballot) => {
      const { verdict, reasoning } = ballot[i] as CriterionJudgement
      return { verdict, reasoning }
    })
    const verdicts = votes.map((v) => v.verdict)
    const verdict = majorityVerdict(verdicts)
    const first = votes[0]?.reasoning ?? ''
    let reasoning: string
    if (hasMajority(verdict, verdicts)) {
      reasoning = votes.find((v) => v.verdict === verdict)?.reasoning ?? first
    } else {
      const { met, unmet, inconclusive } = tallyVotes(verdicts)
      reasoning = `No majority of ${votes.length} votes (met ${met}, unmet ${unmet}, inconclusive ${inconclusive}). ${first}`
    }
    return { criterion, verdict, reasoning, votes }
  })
}

/** Adds what one call spent to the judge's total, in place. */
function addTokens(total: Usage, usage: Usage): void {
  total.input += usage.input
  total.output += usage.output
  total.cached += usage.cached
  total.cacheWrite += usage.cacheWrite
  addDetails(total, usage)
}

const neverAborted = new AbortController().signal

function none(): Usage {
  return { input: 0, output: 0, cached: 0, cacheWrite: 0 }
}

/** The user message: the transcript, then the numbered criteria. */
export function judgeRequest(result: ScenarioExecutionResult, criteria: readonly string[]): string {
  return transcriptRequest(renderTranscript(result), criteria)
}

/** The user message of a rendered transcript: the transcript, then the numbered criteria. */
export function transcriptRequest(transcript: string, criteria: readonly string[]): string {
  const numbered = criteria.map((c, i) => `${i + 1}. ${c}`).join('\n')
  return `Transcript:\n<transcript>\n${transcript}\n</transcript>\n\nCriteria:\n${numbered}`
}

const VERDICTS = ['met', 'unmet', 'inconclusive'] as const

// One schema per number of criteria: a key per criterion, so structured outputs make the model
// answer every criterion exactly once; `reasoning` comes first so it reasons before deciding.
const schemas = new Map<number, { schema: z.ZodObject; format: object }>()

function schemaFor(count: number): { schema: z.ZodObject; format: object } {
  let found = schemas.get(count)
  if (found === undefined) {
    const shape: Record<string, z.ZodType> = {}
    for (let i = 1; i <= count; i++) {
      shape[`criterion_${i}`] = z.object({ reasoning: z.string(), verdict: z.enum(VERDICTS) })
    }
    const schema = z.object(shape)
    found = { schema, format: zodHelpers().zodResponseFormat(schema, 'judgement') }
    schemas.set(count, found)
  }
  return found
}

function formatFor(count: number): object {
  return schemaFor(count).format
}

type ReadVerdicts =
  | { ok: true; criteria: CriterionJudgement[] }
  | { ok: false; error: OutcomeError }

/** The judge's reply read against the schema; a reply that does not fit is a `parsing` error. */
function readVerdicts(content: string | null, criteria: readonly string[]): ReadVerdicts {
  let data: unknown
  try {
    data = JSON.parse(content ?? '')
  } catch {
    return unreadable(`it is not JSON: ${JSON.stringify(String(content).slice(0, 200))}`)
  }
  const parsed = schemaFor(criteria.length).schema.safeParse(data)
  if (!parsed.success) {
    const issues = parsed.error.issues
      .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
      .join('; ')
    return unreadable(`it does not fit the verdict schema: ${issues}`)
  }
  const fields = parsed.data as Record<
    string,
    { reasoning: string; verdict: (typeof VERDICTS)[number] }
  >
  return {
    ok: true,
    criteria: criteria.map((criterion, i) => {
      const { reasoning, verdict } = fields[`criterion_${i + 1}`] as {
        reasoning: string
        verdict: (typeof VERDICTS)[number]
      }
      return { criterion, verdict, reasoning }
    }),
  }
}

function unreadable(problem: string): ReadVerdicts {
  return {
    ok: false,
    error: { category: 'parsing', message: `The judge's reply could not be read: ${problem}` },
  }
}

/** A failed call as an outcome error: its category and what happened. */
function callError(error: unknown): OutcomeError {
  if (isModelCallError(error)) return { category: error.category, message: error.what }
  const recording = recordingErrorOf(error)
  if (recording !== undefined) return { category: 'recording', message: recording.what }
  return { category: 'unexpected', message: `the judge's call threw ${describeThrown(error)}` }
}
