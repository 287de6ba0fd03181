import { z } from 'zod'
import { docsPath, OPTIONS_DOCS } from '../errors/docs-line.js'
import { InvalidArgumentError } from '../errors/index.js'
import { isAbortSignal } from '../internal/is-abort-signal.js'
import { makesNoCalls } from '../internal/makes-no-calls.js'
import { parseOptions } from '../internal/options-schema.js'
import { isLimiter, type Limiter, processLimiter } from '../models/limiter.js'
import type { ModelCalls } from '../models/model-calls.js'
import { modelConfigSchema } from '../models/model-config-schema.js'
import type { AgentFunction, ModelConfig } from '../models/types.js'
import type { OutcomeCheck } from '../outcomes/types.js'
import { isRecordingSession, type RecordingSession } from '../recordings/session.js'
import { assertRubric } from '../rubrics/index.js'
import type { Rubric } from '../rubrics/types.js'
import type { ScenarioDefinition } from '../scenario/index.js'
import { simulatedUserNodes } from '../simulated-user/simulated-user-nodes.js'
import { getOwn } from '../state/own-keys.js'
import type { ChatMessage } from '../state/types.js'
import type { Tool } from '../tools/index.js'
import { assertBudgetPriced, type Budget, budgetSchema } from './budget.js'
import { optionsMemo } from './options-memo.js'
import { seedSchema } from './seed.js'
import type { ModelPrice } from './usage.js'

/** How long the answering side has for one turn unless `turnTimeoutMs` says otherwise. */
export const DEFAULT_TURN_TIMEOUT_MS = 120_000

/** The longest delay a Node timer takes (2³¹ − 1 ms): a longer one fires at once. */
const MAX_TIMEOUT_MS = 2_147_483_647

/** An integer count ≥ 1 (turns, tool rounds). */
export const countSchema = () => z.int('an integer ≥ 1').min(1, { error: 'an integer ≥ 1' })

/** A timeout in ms a Node timer can take: a longer one would fire at once and end every turn. */
export const timeoutMsSchema = () =>
  z
    .int('an integer number of ms ≥ 1')
    .min(1, { error: 'an integer number of ms ≥ 1' })
    .max(MAX_TIMEOUT_MS, { error: `at most ${MAX_TIMEOUT_MS} ms (about 24.8 days)` })

const price = () =>
  z.number('a price per million tokens (a number ≥ 0)').nonnegative({
    error: 'a price per million tokens (a number ≥ 0)',
  })

/** Prices per million tokens by model name (the run's and the plugin's `prices`). */
export const pricesSchema = z.record(
  z.string(),
  z.strictObject(
    {
      input: price(),
      output: price(),
      cached: price().optional(),
      cacheWrite: price().optional(),
    },
    { error: 'a price { input, output, cached?, cacheWrite? } per million tokens' },
  ),
  {
    error:
      "an object { [model]: { input, output, cached?, cacheWrite? } }, e.g. { 'gpt-4.1-mini': { input: 0.4, output: 1.6 } }",
  },
)

/** An agent under test: the user's own app, as a function. */
const agentSchema = z.custom<AgentFunction>((value) => typeof value === 'function', {
  error: 'an agent function (conversation, context) => answer',
})

/** Whether `value` passes the rubric checks every rubric passes (`assertRubric`). */
function isRubric(value: unknown): value is Rubric {
  try {
    assertRubric(value, 'runScenario() options')
    return true
  } catch {
    return false
  }
}

function isToolRecord(value: unknown): value is Record<string, Tool> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  return Object.values(value).every((tool) => (tool as { kind?: unknown } | null)?.kind === 'Tool')
}

/** The run options' check, reused for options like the last ones checked (options-memo.ts). */
const checkedOptions = optionsMemo()

/** The rules of `runScenario`'s options, the one place they live. */
export const runOptionsSchema = z.strictObject(
  {
    /** The answering side: an agent under test (your app), or an OpenAI-compatible model. */
    model: z.union([agentSchema, modelConfigSchema], {
      error: 'an agent function (your app) or a model config { model, … }',
    }),
    /** The judge that fills template fields and scores model-judged traits. */
    parsingModel: modelConfigSchema.optional(),
    /**
     * The model that plays simulated users (`simulatedUser()`) that name none of their own; the
     * parsing model otherwise.
     */
    userModel: modelConfigSchema.optional(),
    /** At most this many turns; the run ends `limit_reached` when another node would run. @default 20 */
    turnLimit: countSchema().default(20),
    /** The rubric of every turn whose question has none. */
    rubric: z
      .custom<Rubric>(isRubric, {
        error:
          'a rubric { traits: [...] } of traits made with regexTrait(), callableTrait() or llmTrait(), each name once',
      })
      .optional(),
    /** A system prompt for the answering side (a node's override wins). */
    systemPrompt: z.string('a string').optional(),
    /** Aborts the run; noticed at the latest before the next turn starts. */
    signal: z.custom<AbortSignal>(isAbortSignal, { error: 'an AbortSignal' }).optional(),
    /** Tools for a model answering side, by name. */
    tools: z
      .custom<Record<string, Tool>>(isToolRecord, {
        error: 'an object { name: tool({ … }) } whose every value was made with tool()',
      })
      .optional(),
    /** Tool rounds per turn for a model answering side. @default 8 */
    maxToolRounds: countSchema().default(8),
    /** Timeout of one tool call, in ms. @default 30000 */
    toolTimeoutMs: timeoutMsSchema().default(30_000),
    /**
     * Time the answering side has for one turn: the agent, or the model with its tool loop. A turn
     * without an answer by then is an `error` turn (category `timeout`) and the agent's
     * `context.signal` aborts. Judging is not included. @default 120000
     */
    turnTimeoutMs: timeoutMsSchema().default(DEFAULT_TURN_TIMEOUT_MS),
    /**
     * The limiter this run's model calls wait in (`createLimiter({ maxConcurrentCalls })`). Runs
     * without one share the process's limiter, sized by the plugin's `maxConcurrentCalls`.
     */
    limiter: z
      .custom<Limiter>(isLimiter, {
        error: 'a limiter made with createLimiter({ maxConcurrentCalls })',
      })
      .optional(),
    /** Prices per million tokens by model name: turns and the result then carry `usage.cost`. */
    prices: pricesSchema.optional(),
    /**
     * Messages placed after the system message and before the first question (any role, assistant
     * tool calls and their `tool` results included): the conversation so far, as the answering
     * side and every reader of the conversation see it. Copied to `result.seed`.
     */
    seed: seedSchema.optional(),
    /**
     * At most this many tokens (input + output) and this cost over every call of the run
     * (answering, judging, simulating), checked after each turn: once past it, the run ends
     * before the next turn with status `limit_reached` and `stopReason: 'budget'`. A `cost` needs
     * `prices`.
     */
    budget: budgetSchema.optional(),
    /**
     * The recording session the run's model calls are answered through (replayed, recorded or
     * missed). In Vitest tests, `runScenario` from `vitest-scenario` passes the running test's;
     * runner authors give their own (`RecordingSession` from `vitest-scenario/host`). None: calls
     * go live, unrecorded.
     */
    recording: z
      .custom<RecordingSession>(isRecordingSession, {
        error: 'a RecordingSession (from vitest-scenario/host)',
      })
      .optional(),
  },
  { error: 'an options object { model, … }' },
)

/** Options of `runScenario`: the answering side and what bounds and judges the run. */
export type RunOptions = z.input<typeof runOptionsSchema>

/** The answering side of a run, resolved. */
export type AnswerSide = AgentSide | { kind: 'model'; model: ModelConfig }

/** An agent function as the answering side. */
export interface AgentSide {
  kind: 'agent'
  agent: AgentFunction
  /** Whether the agent's own calls are counted (it runs in the call-counting scope). */
  counted: boolean
}

/** The answering side of an agent function: counted unless the library knows it makes no calls. */
export function agentSide(agent: AgentFunction): AgentSide {
  return { kind: 'agent', agent, counted: !makesNoCalls(agent) }
}

/** Run options after validation, with defaults applied. */
export interface ResolvedRunOptions {
  answering: AnswerSide
  parsing: ModelConfig | undefined
  /** The model of simulated users without their own. */
  userModel: ModelConfig | undefined
  tools: Readonly<Record<string, Tool>>
  maxToolRounds: number
  toolTimeoutMs: number
  turnTimeoutMs: number
  turnLimit: number
  prices: Readonly<Record<string, ModelPrice>> | undefined
  /** The seed messages (a copy the run owns); empty when none. */
  seed: ChatMessage[]
  budget: Budget | undefined
  rubric: Rubric | undefined
  systemPrompt: string | undefined
  signal: AbortSignal | undefined
  /** What every model call of the run shares. */
  calls: ModelCalls
}

/**
 * Validates the options and the definition against each other before any turn runs: every
 * problem here is a programmer error and throws. It changes nothing outside the run: the limiter
 * is the host's (or the run's own `limiter`), never resized here.
 */
export function resolveRunOptions(
  definition: ScenarioDefinition,
  options: RunOptions,
): ResolvedRunOptions {
  const checked = checkedOptions(
    options,
    () =>
      parseOptions(runOptionsSchema, options, {
        where: 'runScenario(definition, options)',
        // No full stop after the path: it would be copied with it.
        fix: `Every option is listed in ${docsPath(OPTIONS_DOCS.run)}`,
        note: limiterNote,
      }),
    // What a host adds to every run, new each test, checked apart by the schema's own tests.
    { recording: isRecordingSession, signal: isAbortSignal },
  )
  const { model, parsingModel, rubric, tools } = checked
  const answering: AnswerSide =
    typeof model === 'function' ? agentSide(model) : { kind: 'model', model }
  if (tools !== undefined) checkTools(answering)
  checkJudgedParts(definition, rubric, parsingModel)
  checkJudges(definition, parsingModel)
  checkSimulatedUsers(definition, checked.userModel ?? parsingModel)
  const { budget, prices } = checked
  assertBudgetPriced(budget, prices, [
    answering.kind === 'model' ? answering.model : undefined,
    parsingModel,
  ])
  return {
    answering,
    parsing: parsingModel,
    userModel: checked.userModel,
    tools: tools ?? {},
    maxToolRounds: checked.maxToolRounds,
    toolTimeoutMs: checked.toolTimeoutMs,
    turnTimeoutMs: checked.turnTimeoutMs,
    turnLimit: checked.turnLimit,
    prices,
    seed: checked.seed ?? [],
    budget,
    rubric,
    systemPrompt: checked.systemPrompt,
    signal: checked.signal,
    calls: { limiter: checked.limiter ?? processLimiter, recording: checked.recording },
  }
}

/** `maxConcurrentCalls` was a run option: say what took its place. */
function limiterNote(issue: z.core.$ZodIssue): string | undefined {
  if (issue.code !== 'unrecognized_keys' || !issue.keys.includes('maxConcurrentCalls')) {
    return undefined
  }
  return ' (`maxConcurrentCalls` is no run option: the limiter belongs to the host. Set scenarioPlugin({ maxConcurrentCalls }) in vitest.config.ts, or pass `limiter: createLimiter({ maxConcurrentCalls })`)'
}

function checkTools(answering: AnswerSide): void {
  if (answering.kind === 'agent') {
    throw new InvalidArgumentError(
      '`tools` apply to a model answering side; an agent under test calls its own tools',
      'Report the calls in AgentReply.toolCalls instead.',
    )
  }
}

// The outcome criteria whose judge has no model of its own, per definition (frozen: found once).
const unmodelledJudges = new WeakMap<ScenarioDefinition, readonly string[]>()

/**
 * A `judge()` without a `model` of its own judges with the run's parsing model: a run whose
 * criteria need one and that has none is a programmer error when it starts, not an outcome error
 * after every turn has run.
 */
function checkJudges(definition: ScenarioDefinition, parsingModel: ModelConfig | undefined): void {
  if (parsingModel !== undefined) return
  let names = unmodelledJudges.get(definition)
  if (names === undefined) {
    names = definition.outcomeCriteria
      .filter((c) => c.check !== undefined && hasUnmodelledJudge(c.check))
      .map((c) => `outcome '${c.name}': its judge() has no \`model\``)
    unmodelledJudges.set(definition, names)
  }
  if (names.length === 0) return
  throw new InvalidArgumentError(
    'The scenario has conversation judges without a model, and runScenario() was given no parsing model',
    'Pass `parsingModel: { model }` (scenarioPlugin({ parsingModel }) for scenario() tests), or give each judge its own: judge(criteria, { model }).',
    names,
  )
}

function hasUnmodelledJudge(check: OutcomeCheck): boolean {
  switch (check.type) {
    case 'Judge':
      return check.model === undefined
    case 'AllOf':
    case 'AnyOf':
    case 'AtLeastN':
      return check.conditions.some(hasUnmodelledJudge)
    default:
      return false
  }
}

// What each definition's nodes need of a parsing model, computed on its first run: a definition
// is frozen, so the answer never changes, and scanning every node on every run was a visible
// share of a short run.
const nodeNeedsByDefinition = new WeakMap<ScenarioDefinition, readonly NodeNeed[]>()

interface NodeNeed {
  id: string
  reason: string
}

function nodeNeeds(definition: ScenarioDefinition): readonly NodeNeed[] {
  let needs = nodeNeedsByDefinition.get(definition)
  if (needs !== undefined) return needs
  const found: NodeNeed[] = []
  for (const id of definition.nodeIds) {
    const question = getOwn(definition.nodes, id)?.question
    if (typeof question !== 'object' || question === null) continue
    if (question.template !== undefined && question.template.parse === undefined) {
      found.push({ id, reason: `node '${id}': its template has no \`parse\`` })
    }
    if (question.rubric?.traits.some((t) => t.type === 'LlmTrait')) {
      found.push({ id, reason: `node '${id}': its rubric has model-judged traits` })
    }
  }
  needs = found
  nodeNeedsByDefinition.set(definition, needs)
  return needs
}

/**
 * Templates without `parse` and model-judged traits need a parsing model: a run that would need
 * one and has none is a programmer error when it starts.
 */
function checkJudgedParts(
  definition: ScenarioDefinition,
  globalRubric: Rubric | undefined,
  parsingModel: ModelConfig | undefined,
): void {
  const globalNeeds = globalRubric?.traits.some((t) => t.type === 'LlmTrait') === true
  const needs: string[] = []
  for (const { id, reason } of nodeNeeds(definition)) {
    const override = getOwn(definition.nodes, id)?.modelOverride?.parsing
    if (parsingModel === undefined && override?.model === undefined) needs.push(reason)
  }
  if (globalNeeds && parsingModel === undefined)
    needs.unshift('the run rubric has model-judged traits')
  if (needs.length === 0) return
  throw new InvalidArgumentError(
    'The scenario needs a parsing model, and runScenario() was given none',
    'Give the templates a deterministic `parse`, or pass `parsingModel: { model }`.',
    needs,
  )
}

/**
 * A simulated user without a `model` of its own plays on the run's `userModel`, else on the
 * parsing model (the node's parsing override counts): a run where one has none is a programmer
 * error when it starts, naming each such node.
 */
function checkSimulatedUsers(
  definition: ScenarioDefinition,
  fallback: ModelConfig | undefined,
): void {
  if (fallback !== undefined) return
  const needs: string[] = []
  for (const { id, user } of simulatedUserNodes(definition)) {
    const override = getOwn(definition.nodes, id)?.modelOverride?.parsing
    if (user.model === undefined && override?.model === undefined) {
      needs.push(`node '${id}': its simulated user has no \`model\``)
    }
  }
  if (needs.length === 0) return
  throw new InvalidArgumentError(
    'The scenario has a simulated user with no model to play it, and runScenario() was given none',
    'Pass `userModel: { model }` (or `parsingModel`) to runScenario(), or give simulatedUser({ model }).',
    needs,
  )
}
