// What a scenario test hands the reporter, as one zod schema: the writer (`scenarioMeta()`)
// builds this shape, the reporter `safeParse`s it, and every type below is the schema's output.
// Only task meta survives `--shard` + `--merge-reports` (blobs keep the task tree), so
// everything a report shows is in here — and kept small, since it travels by RPC and into every
// blob.
import { z } from 'zod'
import type {
  ChatMessage,
  ErrorCategory,
  ErrorStage,
  ScenarioStatus,
  StopReason,
} from '../../../state/types.js'
import {
  bool,
  count,
  describe,
  flag,
  identifier,
  keyedBy,
  listOf,
  objectOf,
  oneOf,
  outcomeValue,
  rate,
  says,
  textField,
  transcriptText,
  verdict,
  whole,
} from './meta-fields.js'
import { DEFINITION_HASH, SCENARIO_META_VERSION, TRANSCRIPT_HASH } from './meta-limits.js'

export { SCENARIO_META_VERSION }

const STATUSES = ['completed', 'limit_reached', 'error'] as const satisfies ScenarioStatus[]
const ROLES = ['system', 'user', 'assistant', 'tool'] as const satisfies ChatMessage['role'][]

const edgeSchema = objectOf({
  from: textField,
  /** A node id, or `'__end__'` (END). */
  to: textField,
  /** The condition, e.g. `verifyResult = false`; `'otherwise'` for a fallback beside conditions. */
  label: textField.optional(),
})

const graphSchema = objectOf({
  nodes: listOf(textField),
  edges: listOf(edgeSchema),
  entry: textField,
})

const usageSchema = objectOf({
  input: count(),
  output: count(),
  cached: count(),
  /**
   * The part of `input` written to the provider's prompt cache (Anthropic's cache creation); set
   * when some was, so a report without cache writes reads as before.
   */
  cacheWrite: count().optional(),
  /**
   * The part of `output` the model spent reasoning, as the responses stated it; set when some
   * was, so a report without reasoning tokens reads as before.
   */
  reasoning: count().optional(),
  /** How many turns the counts cover. */
  turns: whole(0),
  /** Set when the run had prices for every model those turns used. */
  cost: count().optional(),
  /** The tokens (input + output) of these that a simulated user spent; set when some were. */
  simulating: count().optional(),
})

const toolCallSchema = objectOf({
  name: textField,
  args: textField,
  result: textField.optional(),
  error: textField.optional(),
})

const seedMessageSchema = objectOf({
  role: oneOf(ROLES),
  text: textField.optional(),
  tools: listOf(textField).optional(),
})

const judgementSchema = objectOf({
  verdict: oneOf(['pass', 'fail', 'inconclusive']),
  criteria: listOf(
    objectOf({
      criterion: textField,
      verdict: oneOf(['met', 'unmet', 'inconclusive']),
      /**
       * Why the judge decided so, clipped: unmet and inconclusive criteria keep it first, met ones
       * while the judgement budget lasts (a comparison shows both sides' reasoning).
       */
      reasoning: textField.optional(),
      /**
       * Each vote's verdict, in order, when the judge was asked several times (`votes`); the
       * reports show the tally where they disagree.
       */
      votes: listOf(oneOf(['met', 'unmet', 'inconclusive'])).optional(),
    }),
  ),
  /** How many criteria were left out (the judgement budget, or more than the meta keeps). */
  omitted: whole(0).optional(),
})

const outcomeErrorSchema = objectOf({
  category: identifier<ErrorCategory>(),
  message: textField,
})

const turnSchema = objectOf({
  node: textField,
  verify: verdict(),
  /** Set when the turn's calls were replayed from a recording. */
  replayed: flag(),
  /** The error category of a failed turn. */
  error: identifier<ErrorCategory>().optional(),
  /** The names of the tools called this turn. */
  tools: listOf(textField).optional(),
  /** The calls with their arguments and results (within the text budget, like the texts). */
  calls: listOf(toolCallSchema).optional(),
  /** Set when a simulated user wrote the question. */
  simulated: flag(),
  /** Set when the simulated user said its goal was reached with this question. */
  goalReached: flag(),
  /** Set when the node scripted the answer (the answering side was not called). */
  scripted: flag(),
  /** Set when the turn had no user message: the answering side spoke first. */
  noQuestion: flag(),
  /** The name of the agent that answered, when the answering side names it (after a handoff). */
  agent: textField.optional(),
  /** The agents that handled the turn, in order (the entry agent first), when more than one did. */
  agents: listOf(textField).optional(),
  /** The guardrail that tripped on the turn (it has no answer then). */
  guardrail: objectOf({ name: textField, kind: oneOf(['input', 'output']) }).optional(),
  /** The question sent, clipped. */
  question: textField.optional(),
  /** The answer, clipped; `null` when no answer came. */
  answer: textField.nullable().optional(),
})

const runErrorSchema = objectOf({
  node: textField,
  category: identifier<ErrorCategory>(),
  stage: identifier<ErrorStage>(),
  message: textField,
})

const runSchema = objectOf({
  status: oneOf(STATUSES),
  /** Completed, and every boolean outcome criterion holds. */
  passed: bool(),
  path: listOf(textField),
  /**
   * The edges taken, as indices into `graph.edges`: entry `k` leads from `path[k]` to
   * `path[k + 1]`; an entry at `path.length - 1` is the edge to END that ended the run. -1 marks
   * a step whose edge could not be told apart from a parallel one.
   */
  edges: listOf(whole(-1)),
  turnCount: whole(0),
  outcomes: keyedBy(outcomeValue()),
  usage: objectOf({
    /** Usage of the turns run live now. */
    now: usageSchema,
    /** Usage of the replayed turns (their recorded usage). */
    recorded: usageSchema,
  }),
  durationMs: count(),
  turns: listOf(turnSchema),
  /** The error that ended the run. */
  error: runErrorSchema.optional(),
  /** The recorded latency of the replayed turns, summed. */
  recordedDurationMs: count().optional(),
  /** Why the run stopped (`end`, `terminal`, `turn_limit`, `budget`, `error`, `aborted`). */
  stopReason: identifier<StopReason>().optional(),
  /** Outcome criteria that could not be evaluated, by name (their outcome reads `false`). */
  outcomeErrors: keyedBy(outcomeErrorSchema).optional(),
  /** The reasons callable criteria gave, by name, clipped. */
  reasons: keyedBy(textField).optional(),
  /** What each conversation judge decided, by outcome name. */
  judgements: keyedBy(judgementSchema).optional(),
  /** The seeded messages: how many, and the first few of them. */
  seed: objectOf({ count: whole(0), messages: listOf(seedMessageSchema) }).optional(),
  /**
   * The transcript the run's conversation judges read, on a run that had one: its hash (human
   * labels are filed under it and go stale when it changes) and, within the transcripts'
   * budget, its text, secret-masked, for the labeller.
   */
  transcript: objectOf({
    hash: z
      .string(says('not a transcript hash'))
      .regex(TRANSCRIPT_HASH, says("not a transcript hash such as 'sha256:9b0e4c1f27a3d855'")),
    text: transcriptText.optional(),
    /** Set when the text was clipped to the meta's limit: the labeller says so. */
    clipped: flag(),
  }).optional(),
})

const samplesSchema = objectOf({
  n: whole(0),
  passes: whole(0),
  passRate: rate(),
  interval: objectOf({ low: rate(), high: rate(), confidence: rate() }),
}).superRefine((samples, ctx) => {
  if (samples.passes > samples.n) {
    ctx.addIssue({
      code: 'custom',
      path: ['passes'],
      message: `${describe(samples.passes)}, not a whole number from 0 to ${samples.n}`,
    })
  }
})

/**
 * The schema of `task.meta.scenario`: everything the reporter needs about a scenario test (JSON
 * only). `version` comes first, so meta of another version is refused for that, not for what
 * changed in it.
 */
export const scenarioMetaSchema = objectOf({
  /** The meta format's version (`SCENARIO_META_VERSION`): readers refuse other versions. */
  version: z.literal(SCENARIO_META_VERSION, {
    error: (issue) =>
      `${describe(issue.input)}; this reporter reads version ${SCENARIO_META_VERSION} (the tests ran with another vitest-scenario version)`,
  }),
  graph: graphSchema,
  name: textField,
  /**
   * A hash of the scenario's definition (`'sha256:<16 hex>'`): two runs ran the same scenario when
   * theirs agree. Absent in meta written before it existed.
   */
  definition: z
    .string(says('not a definition hash'))
    .regex(DEFINITION_HASH, says("not a definition hash such as 'sha256:3f9a0c1d2e4b5a69'"))
    .optional(),
  description: textField.optional(),
  /** The outcome criteria, in registration order. */
  criteria: listOf(objectOf({ name: textField, description: textField.optional() })),
  runs: listOf(runSchema),
  /** The pass rate of a scenario run `samples` times. */
  samples: samplesSchema.optional(),
}).superRefine((meta, ctx) => {
  // An edge index points into graph.edges; -1 marks an undecided step.
  const last = meta.graph.edges.length - 1
  for (const [i, run] of meta.runs.entries()) {
    for (const [k, edge] of run.edges.entries()) {
      if (edge <= last) continue
      ctx.addIssue({
        code: 'custom',
        path: ['runs', i, 'edges', k],
        message: `${describe(edge)}, not a whole number from -1 to ${last}`,
      })
    }
  }
})

/** Everything the reporter needs about a scenario test, stored at `task.meta.scenario`. */
export type ScenarioMeta = z.output<typeof scenarioMetaSchema>
/** The scenario graph: node ids in insertion order, edges in definition order, the entry. */
export type ScenarioGraphMeta = z.output<typeof graphSchema>
/** An edge of the scenario graph, with a short label of its condition. */
export type ScenarioEdgeMeta = z.output<typeof edgeSchema>
/** One run (or one sample) of a scenario. */
export type ScenarioRunMeta = z.output<typeof runSchema>
/** Token counts of some turns; `cost` when the run had prices for every model those turns used. */
export type UsageMeta = z.output<typeof usageSchema>
/** One tool call of a turn: its arguments and its result or error, as clipped one-line JSON. */
export type ToolCallMeta = z.output<typeof toolCallSchema>
/** A seeded message (`seed`): its role, its text (within the budget) and the tools it called. */
export type SeedMessageMeta = z.output<typeof seedMessageSchema>
/** A conversation judge's verdict: per criterion, the reasoning of unmet and inconclusive ones. */
export type JudgementMeta = z.output<typeof judgementSchema>
/** Why an outcome criterion could not be evaluated: an error, not a verdict. */
export type OutcomeErrorMeta = z.output<typeof outcomeErrorSchema>
/** One turn, as reports show it; the texts are clipped and dropped past the scenario's budget. */
export type TurnMeta = z.output<typeof turnSchema>
/** The error that ended a run. */
export type RunErrorMeta = z.output<typeof runErrorSchema>
/** The transcript a run's judges read: its hash and (within the budget) its text. */
export type JudgedTranscriptMeta = z.output<typeof runSchema>['transcript'] & {}
/** The pass rate of a scenario run `samples` times. */
export type SamplesMeta = z.output<typeof samplesSchema>
