import { type RouteTable, routeTable } from '../routing/index.js'
import type { ScenarioDefinition } from '../scenario/index.js'
import { readOnlyView } from '../state/read-only-view.js'
import type {
  ChatMessage,
  Diagnostic,
  ScenarioState,
  TurnResult,
  TurnUsage,
} from '../state/types.js'
import { zeroVisits } from '../state/zero-visits.js'
import { AnswerSignal } from './answer-signal.js'
import { ConversationCopies } from './conversation-copies.js'
import type { RunContext } from './run-context.js'
import type { ResolvedRunOptions } from './run-options.js'
import type { ResolvedPrefix } from './run-prefix.js'
import { TurnDeadline } from './turn-deadline.js'
import { turnUsage, zeroUsage } from './usage.js'

const neverAborted = new AbortController().signal

/** What a run has produced so far, beside its state: the lists its result is made of. */
export interface RunLog {
  path: string[]
  turnResults: TurnResult[]
  transcript: ChatMessage[]
  usage: TurnUsage
}

/** One run in progress: what its steps share, made once by `startRun`. */
export interface Run {
  definition: ScenarioDefinition
  options: ResolvedRunOptions
  /** `performance.now()` when the run started. */
  started: number
  state: ScenarioState
  log: RunLog
  /** What every turn needs from the run. */
  context: RunContext
  /** The deadline of each turn's answer (`turnTimeoutMs`), watched from the run's start. */
  deadline: TurnDeadline
  /** Each edge's route object, made once per definition: the turn record keeps the one taken. */
  routes: RouteTable
  /** What routing reports to: the run's diagnostics (one object per run, not per turn). */
  routing: { diagnostics: Diagnostic[] }
  /** Whether the run has left its "cost unknown" diagnostic: once per run. */
  costUnknownNoted: boolean
  /** A forked run's own options, which it goes live with at turn `turns` (`run-prefix.ts`). */
  fork?: ResolvedPrefix | undefined
}

/**
 * Starts a run of `definition` with its resolved options: the state before the first turn, the
 * seed as the start of the transcript, the answering side's signal and the turn deadline (its
 * watch started), and what every turn needs from the run. `stopRun` ends what this starts.
 */
export function startRun(definition: ScenarioDefinition, options: ResolvedRunOptions): Run {
  const signal = options.signal ?? neverAborted
  const started = performance.now()
  const state = initialState(definition)
  const diagnostics: Diagnostic[] = []
  // The seed opens the conversation every side reads; the result keeps its own list of it.
  const transcript: ChatMessage[] = [...options.seed]
  const log: RunLog = { path: [], turnResults: [], transcript, usage: turnUsage(zeroUsage()) }
  if (options.prices !== undefined) log.usage.cost = 0
  // The answering side's signal: the run's abort, or a turn that took longer than turnTimeoutMs.
  const answerSignal = new AnswerSignal(signal, options.signal !== undefined)
  const deadline = new TurnDeadline(options.turnTimeoutMs)
  deadline.start(started)
  const context: RunContext = {
    view: readOnlyView(state),
    transcript,
    agentCopies: new ConversationCopies(transcript),
    questionCopies: new ConversationCopies(transcript),
    options,
    signal,
    answerSignal,
    diagnostics,
    sides: new Map(),
  }
  return {
    definition,
    options,
    started,
    state,
    log,
    context,
    deadline,
    routes: routeTable(definition),
    routing: { diagnostics },
    costUnknownNoted: false,
  }
}

/** Ends what `startRun` started: the link to the run's signal and the deadline's watch. */
export function stopRun(run: Run): void {
  run.context.answerSignal.dispose()
  run.deadline.dispose()
}

/** The state before the first turn. */
function initialState(definition: ScenarioDefinition): ScenarioState {
  return {
    turn: 0,
    currentNode: definition.entryNode,
    verifyResult: null,
    parsed: {},
    // 0 for every node from the start: every reader of the state sees the same counts.
    nodeVisits: zeroVisits(definition.nodes),
    history: [],
    accumulated: {},
    toolCalls: [],
    toolNames: [],
    agents: [],
    guardrail: null,
    nodeResults: {},
  }
}
