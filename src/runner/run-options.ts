import { assertKnownKeys, InvalidArgumentError } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import { processLimiter } from '../models/limiter.js'
import type { ModelCalls } from '../models/model-calls.js'
import { MODEL_CONFIG_KEYS } from '../models/model-config-keys.js'
import type { AgentFunction, ModelConfig } from '../models/types.js'
import { isRecordingSession, type RecordingSession } from '../recordings/session.js'
import { assertRubric } from '../rubrics/index.js'
import type { Rubric } from '../rubrics/types.js'
import type { ScenarioDefinition } from '../scenario/index.js'
import { getOwn } from '../state/own-keys.js'
import type { Tool } from '../tools/index.js'
import type { ModelPrice } from './usage.js'

/** Options of `runScenario` (SPEC section 6). */
export interface RunOptions {
  /** The answering side: an agent under test (your app), or an OpenAI-compatible model. */
  model: AgentFunction | ModelConfig
  /** The judge that fills template fields and scores model-judged traits. */
  parsingModel?: ModelConfig | undefined
  /** At most this many turns; the run ends `limit_reached` when another node would run. @default 20 */
  turnLimit?: number | undefined
  /** The rubric of every turn whose question has none. */
  rubric?: Rubric | undefined
  /** A system prompt for the answering side (a node's override wins). */
  systemPrompt?: string | undefined
  /** Aborts the run; noticed at the latest before the next turn starts. */
  signal?: AbortSignal | undefined
  /** Tools for a model answering side, by name. */
  tools?: Record<string, Tool> | undefined
  /** Tool rounds per turn for a model answering side. @default 8 */
  maxToolRounds?: number | undefined
  /** Timeout of one tool call. @default 30000 */
  toolTimeoutMs?: number | undefined
  /**
   * Time the answering side has for one turn: the agent, or the model with its tool loop. A turn
   * without an answer by then is an `error` turn (category `timeout`) and the agent's
   * `context.signal` aborts. Judging is not included. @default 120000
   */
  turnTimeoutMs?: number | undefined
  /**
   * Model calls in flight at once, shared by every run in this process (the last value given
   * wins). A run is bounded by workers × `maxConcurrentCalls`. @default 8
   */
  maxConcurrentCalls?: number | undefined
  /** Prices per million tokens by model name: turns and the result then carry `usage.cost`. */
  prices?: Record<string, ModelPrice> | undefined
  /**
   * The recording session the run's model calls are answered through (replayed, recorded or
   * missed). In Vitest tests, `runScenario` from `vitest-scenario` passes the running test's;
   * runner authors give their own (see `RecordingSession`). None: calls go live, unrecorded.
   */
  recording?: RecordingSession | undefined
}

const optionKeys = [
  'model',
  'parsingModel',
  'turnLimit',
  'rubric',
  'systemPrompt',
  'signal',
  'tools',
  'maxToolRounds',
  'toolTimeoutMs',
  'turnTimeoutMs',
  'maxConcurrentCalls',
  'prices',
  'recording',
] as const

/** How long the answering side has for one turn unless `turnTimeoutMs` says otherwise. */
export const DEFAULT_TURN_TIMEOUT_MS = 120_000

/** The longest delay a Node timer takes (2³¹ − 1 ms). */
const MAX_TIMEOUT_MS = 2_147_483_647

/** The answering side of a run, resolved. */
export type AnswerSide =
  | { kind: 'agent'; agent: AgentFunction }
  | { kind: 'model'; model: ModelConfig }

/** Run options after validation, with defaults applied. */
export interface ResolvedRunOptions {
  answering: AnswerSide
  parsing: ModelConfig | undefined
  tools: Readonly<Record<string, Tool>>
  maxToolRounds: number
  toolTimeoutMs: number
  turnTimeoutMs: number
  turnLimit: number
  prices: Readonly<Record<string, ModelPrice>> | undefined
  rubric: Rubric | undefined
  systemPrompt: string | undefined
  signal: AbortSignal | undefined
  /** What every model call of the run shares. */
  calls: ModelCalls
}

/**
 * Validates the options and the definition against each other before any turn runs: every
 * problem here is a programmer error and throws (SPEC section 6 and 13.18).
 */
export function resolveRunOptions(
  definition: ScenarioDefinition,
  options: RunOptions,
): ResolvedRunOptions {
  if (typeof options !== 'object' || options === null) {
    throw new InvalidArgumentError('runScenario() needs options { model, … }')
  }
  assertKnownKeys(options, optionKeys, 'runScenario() options')
  const { model, turnLimit = 20, rubric, systemPrompt, signal, tools, parsingModel } = options
  const { maxToolRounds = 8, toolTimeoutMs = 30_000, maxConcurrentCalls } = options
  const { turnTimeoutMs = DEFAULT_TURN_TIMEOUT_MS } = options
  let answering: AnswerSide
  if (typeof model === 'function') answering = { kind: 'agent', agent: model }
  else {
    checkModelConfig(model, '`model` in runScenario() options')
    answering = { kind: 'model', model }
  }
  if (parsingModel !== undefined)
    checkModelConfig(parsingModel, '`parsingModel` in runScenario() options')
  if (!Number.isInteger(turnLimit) || turnLimit < 1) {
    throw new InvalidArgumentError(
      `\`turnLimit\` must be an integer ≥ 1, got ${describeValue(turnLimit)}`,
    )
  }
  for (const [name, value] of [
    ['maxToolRounds', maxToolRounds],
    ['toolTimeoutMs', toolTimeoutMs],
    ['turnTimeoutMs', turnTimeoutMs],
    ['maxConcurrentCalls', maxConcurrentCalls ?? 1],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) {
      throw new InvalidArgumentError(
        `\`${name}\` must be an integer ≥ 1, got ${describeValue(value)}`,
      )
    }
  }
  for (const [name, value] of [
    ['toolTimeoutMs', toolTimeoutMs],
    ['turnTimeoutMs', turnTimeoutMs],
  ] as const) {
    // Node fires a longer timer at once (after a warning): the timeout would end every turn.
    if (value > MAX_TIMEOUT_MS) {
      throw new InvalidArgumentError(
        `\`${name}\` must be at most ${MAX_TIMEOUT_MS} ms (about 24.8 days), got ${describeValue(value)}`,
      )
    }
  }
  if (rubric !== undefined) assertRubric(rubric, 'runScenario() options')
  if (systemPrompt !== undefined && typeof systemPrompt !== 'string') {
    throw new InvalidArgumentError('`systemPrompt` must be a string')
  }
  if (
    signal !== undefined &&
    !(typeof signal === 'object' && signal !== null && 'aborted' in signal)
  ) {
    throw new InvalidArgumentError('`signal` must be an AbortSignal')
  }
  if (tools !== undefined) checkTools(tools, answering)
  checkJudgedParts(definition, rubric, parsingModel)
  const { recording } = options
  if (recording !== undefined && !isRecordingSession(recording)) {
    throw new InvalidArgumentError(
      `\`recording\` in runScenario() options must be a RecordingSession, got ${describeValue(recording)}`,
    )
  }
  if (maxConcurrentCalls !== undefined) processLimiter.capacity = maxConcurrentCalls
  return {
    answering,
    parsing: parsingModel,
    tools: tools ?? {},
    maxToolRounds,
    toolTimeoutMs,
    turnTimeoutMs,
    turnLimit,
    prices: checkPrices(options.prices),
    rubric,
    systemPrompt,
    signal,
    calls: { limiter: processLimiter, recording },
  }
}

function checkPrices(prices: unknown): Readonly<Record<string, ModelPrice>> | undefined {
  if (prices === undefined) return undefined
  if (typeof prices !== 'object' || prices === null || Array.isArray(prices)) {
    throw new InvalidArgumentError(
      '`prices` must be an object { model: { input, output, cached? } }',
    )
  }
  for (const [model, price] of Object.entries(prices)) {
    const where = `the price of '${model}'`
    if (typeof price !== 'object' || price === null)
      throw new InvalidArgumentError(`${where} must be { input, output, cached? }`)
    assertKnownKeys(price, ['input', 'output', 'cached'], where)
    for (const key of ['input', 'output', 'cached'] as const) {
      const value = (price as Record<string, unknown>)[key]
      if (value === undefined && key === 'cached') continue
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
        throw new InvalidArgumentError(
          `\`${key}\` in ${where} must be a price per million tokens (a number ≥ 0)`,
        )
      }
    }
  }
  return prices as Record<string, ModelPrice>
}

function checkModelConfig(config: unknown, where: string): asserts config is ModelConfig {
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    throw new InvalidArgumentError(
      `${where} must be an agent function or a model config { model, … }`,
    )
  }
  assertKnownKeys(config, MODEL_CONFIG_KEYS, where)
  if (
    typeof (config as { model?: unknown }).model !== 'string' ||
    (config as { model: string }).model === ''
  ) {
    throw new InvalidArgumentError(`${where} needs \`model\`: the model name the endpoint serves`)
  }
}

function checkTools(tools: unknown, answering: AnswerSide): void {
  if (answering.kind === 'agent') {
    throw new InvalidArgumentError(
      '`tools` apply to a model answering side; an agent under test calls its own tools',
      'Report the calls in AgentReply.toolCalls instead.',
    )
  }
  if (typeof tools !== 'object' || tools === null || Array.isArray(tools)) {
    throw new InvalidArgumentError('`tools` must be an object { name: tool({ … }) }')
  }
  for (const [name, value] of Object.entries(tools)) {
    if ((value as { kind?: unknown } | null)?.kind !== 'Tool') {
      throw new InvalidArgumentError(
        `The tool '${name}' in runScenario() options was not made with tool({ … })`,
      )
    }
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
    if (typeof question !== 'object') continue
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

/** Templates without `parse` and model-judged traits need a parsing model (13.18). */
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
