// Builds real `ScenarioExecutionResult` objects for outcome tests, with every field filled in
// consistently (`turnCount === history.length === path.length`, final state from the turns).
import type {
  NodeResult,
  ScenarioExecutionResult,
  ScenarioStatus,
  TurnRecord,
  TurnUsage,
} from '../../src/state/types.js'

const zeroUsage = (): TurnUsage => ({
  input: 0,
  output: 0,
  cached: 0,
  cacheWrite: 0,
  answering: { input: 0, output: 0, cached: 0, cacheWrite: 0 },
  judging: { input: 0, output: 0, cached: 0, cacheWrite: 0 },
  simulating: { input: 0, output: 0, cached: 0, cacheWrite: 0 },
})

/** The parts of a turn a test cares about; everything else gets a neutral default. */
export type TurnSpec = Partial<TurnRecord> & { nodeId: string }

/** A complete turn record. */
export function turn(spec: TurnSpec): TurnRecord {
  return {
    questionText: `Question at ${spec.nodeId}?`,
    rawResponse: 'An answer.',
    parsedFields: {},
    verifyResult: null,
    rubric: {},
    toolCalls: [],
    messages: [],
    usage: zeroUsage(),
    durationMs: 1,
    ...spec,
    toolNames: spec.toolNames ?? (spec.toolCalls ?? []).map((call) => call.name),
  }
}

/** A complete result whose history is `turns`. */
export function makeResult(
  turns: readonly TurnSpec[],
  options: { status?: ScenarioStatus; scenarioId?: string } = {},
): ScenarioExecutionResult {
  const history = turns.map(turn)
  const last = history.at(-1)
  const nodeVisits: Record<string, number> = {}
  const nodeResults: Record<string, NodeResult> = {}
  for (const t of history) {
    nodeVisits[t.nodeId] = (nodeVisits[t.nodeId] ?? 0) + 1
    nodeResults[t.nodeId] = {
      verifyResult: t.verifyResult,
      parsed: t.parsedFields,
      rubric: t.rubric,
      toolCalls: t.toolCalls,
      toolNames: t.toolNames,
    }
  }
  return {
    scenarioId: options.scenarioId ?? 'demo',
    status: options.status ?? 'completed',
    path: history.map((t) => t.nodeId),
    turnCount: history.length,
    history,
    turnResults: history.map((t) => ({
      verifyResult: t.verifyResult,
      parsedFields: t.parsedFields,
      rubric: t.rubric,
    })),
    finalState: {
      turn: Math.max(0, history.length - 1),
      currentNode: last?.nodeId ?? '',
      verifyResult: last?.verifyResult ?? null,
      parsed: last?.parsedFields ?? {},
      nodeVisits,
      history,
      accumulated: {},
      toolCalls: last?.toolCalls ?? [],
      toolNames: last?.toolNames ?? [],
      agents: last?.agents ?? [],
      guardrail: last?.guardrail ?? null,
      nodeResults,
    },
    stopReason:
      options.status === 'limit_reached'
        ? 'turn_limit'
        : options.status === 'error'
          ? 'error'
          : 'end',
    seed: [],
    messages: history.flatMap((t) => [
      ...(t.questionText === null ? [] : [{ role: 'user' as const, content: t.questionText }]),
      ...t.messages,
    ]),
    outcomeResults: {},
    outcomeErrors: {},
    outcomeReasons: {},
    judgements: {},
    diagnostics: [],
    usage: zeroUsage(),
    durationMs: history.length,
  }
}
