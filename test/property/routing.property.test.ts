// Property-based tests of whole runs on random graphs (SPEC sections 2, 3, 5, 6): the invariants
// of every run, the turn limit, and routing equal to the reference interpreter in reference.ts.
import fc from 'fast-check'
import { describe, test } from 'vitest'
import {
  END,
  resolveNextNode,
  runScenario,
  type ScenarioDefinition,
  type ScenarioExecutionResult,
  type ScriptedModel,
} from '../../src/core.js'
import {
  buildDefinition,
  type GraphSpec,
  rawAnswer,
  type ScenarioCase,
  scenarioCaseArb,
  scriptedAgent,
  trickyIds,
} from './arbitraries.js'
import { checkConditionDiagnostics, ok, same } from './checks.js'
import { diagnosticBounds, type RefRun, refRun } from './reference.js'

/** CI requires at least this many cases per run for the main routing property. */
const MAIN_RUNS = 10_000

/** What the agent was given on one call, as it was at the time of the call. */
interface Call {
  turn: number
  nodeId: string
  stateTurn: number
  stateNode: string
  /** `role: content` of each message. */
  conversation: string[]
}

async function run(c: ScenarioCase, turnLimit = c.turnLimit) {
  const definition = buildDefinition(c.graph)
  const calls: Call[] = []
  const model = scriptedAgent(c.answers, (conversation, context) => {
    calls.push({
      turn: context.turn,
      nodeId: context.nodeId,
      stateTurn: context.state.turn,
      stateNode: context.state.currentNode,
      conversation: conversation.map((m) => `${m.role}: ${m.content}`),
    })
  })
  // A limit of 20 is left to the default (SPEC section 6: `turnLimit` defaults to 20).
  const options = turnLimit === 20 ? { model } : { model, turnLimit }
  const result = await runScenario(definition, options)
  return { definition, model, result, calls }
}

/**
 * SPEC section 6: the agent is called once per turn with the conversation so far — each earlier
 * question and answer, then the new question — and a context naming the node and the turn.
 */
function checkCalls(c: ScenarioCase, result: ScenarioExecutionResult, calls: readonly Call[]) {
  ok(calls.length === result.turnCount, `${calls.length} agent calls in ${result.turnCount} turns`)
  const expected: string[] = []
  calls.forEach((call, i) => {
    const node = result.path[i] as string
    ok(call.turn === i && call.stateTurn === i, `call ${i}: turn ${call.turn}/${call.stateTurn}`)
    ok(call.nodeId === node && call.stateNode === node, `call ${i}: node ${call.nodeId}`)
    expected.push(`user: Question at ${node}`)
    same(call.conversation, expected, `the conversation of call ${i}`)
    const answer = c.answers[i % c.answers.length]
    if (answer?.kind === 'answer') expected.push(`assistant: ${rawAnswer(answer)}`)
  })
}

/** SPEC section 2: a node with several unconditional edges is a warning, naming the node. */
function checkWarnings(graph: GraphSpec, definition: ScenarioDefinition): void {
  const unconditional = new Map<string, string[]>()
  for (const e of graph.edges) {
    if (e.when === null)
      unconditional.set(e.source, [...(unconditional.get(e.source) ?? []), e.target])
  }
  const expected = [...unconditional].filter(([, targets]) => targets.length > 1)
  const warned = definition.warnings.filter((w) => w.code === 'multiple_unconditional')
  same(
    warned.map((w) => w.ids[0]).sort(),
    expected.map(([id]) => id).sort(),
    'nodes warned about several unconditional edges',
  )
  for (const w of warned) {
    const targets = unconditional.get(w.ids[0] as string) ?? []
    ok(
      targets.every((t) => w.message.includes(`'${t}'`)),
      `the warning names the targets ${targets.join(', ')}: ${w.message}`,
    )
  }
}

function countVisits(
  path: readonly string[],
  nodes: readonly string[] = [],
): Record<string, number> {
  const out: Record<string, number> = {}
  // Every node of the graph counts from 0, visited or not (one state view, the same everywhere).
  for (const id of nodes) {
    Object.defineProperty(out, id, {
      value: 0,
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  for (const id of path) {
    const n = Object.hasOwn(out, id) ? (out[id] as number) : 0
    Object.defineProperty(out, id, {
      value: n + 1,
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return out
}

/** (1) What holds after every run, whatever the graph and the answers. */
function checkInvariants(
  graph: GraphSpec,
  definition: ScenarioDefinition,
  model: ScriptedModel,
  result: ScenarioExecutionResult,
): void {
  const n = result.turnCount
  const { path, history } = result
  // SPEC section 6: turnCount === history.length === path.length.
  ok(
    history.length === n && path.length === n,
    `turnCount ${n}, history ${history.length}, path ${path.length}`,
  )
  ok(result.turnResults.length === n, `turnResults ${result.turnResults.length} for ${n} turns`)
  ok(n >= 1, 'a run has at least one turn')
  ok(result.scenarioId === definition.name, 'scenarioId is the definition name')
  ok(path[0] === graph.entry, `the run starts at the entry ${graph.entry}, not ${path[0]}`)
  ok(model.callCount === n, `the agent was called ${model.callCount} times in ${n} turns`)
  const edges = new Set(graph.edges.map((e) => `${e.source} ${e.target}`))
  for (let i = 0; i < n; i++) {
    const record = history[i]
    const turn = result.turnResults[i]
    ok(record !== undefined && turn !== undefined, `turn ${i} has a record and a result`)
    ok(record.nodeId === path[i], `history[${i}].nodeId is path[${i}]`)
    ok(turn.verifyResult === record.verifyResult, `turnResults[${i}].verifyResult`)
    same(turn.parsedFields, record.parsedFields, `turnResults[${i}].parsedFields`)
    if (i > 0) ok(edges.has(`${path[i - 1]} ${path[i]}`), `step ${i} follows no edge`)
  }
  const last = path[n - 1] as string
  ok(['completed', 'limit_reached', 'error'].includes(result.status), `status ${result.status}`)
  ok((result.error !== undefined) === (result.status === 'error'), 'error iff status error')
  if (result.error !== undefined) {
    ok(result.error.nodeId === last, 'the error names the last node')
    ok(history[n - 1]?.error !== undefined, 'the failing turn stays in history with its error')
  }
  // The final state is the state of the last turn.
  const state = result.finalState
  ok(state.turn === n - 1, `finalState.turn ${state.turn} after ${n} turns`)
  ok(state.currentNode === last, 'finalState.currentNode is the last node')
  ok(state.history.length === n, 'finalState.history has every turn')
  same(
    { ...state.nodeVisits },
    countVisits(
      path,
      graph.nodes.map((node) => node.id),
    ),
    'finalState.nodeVisits counts the path, 0 for the nodes not visited',
  )
  same(
    Object.keys(state.nodeResults).sort(),
    Object.keys(countVisits(path)).sort(),
    'nodeResults has exactly the visited nodes',
  )
  for (const [id, nodeResult] of Object.entries(state.nodeResults)) {
    const lastVisit = path.lastIndexOf(id)
    ok(
      nodeResult.verifyResult === history[lastVisit]?.verifyResult,
      `nodeResults.${id} is the last write`,
    )
  }
  for (const d of result.diagnostics) {
    ok(d.kind === 'condition' || d.kind === 'stateUpdate', `a ${d.kind} diagnostic`)
    ok(d.turn !== undefined && d.turn >= 0 && d.turn < n, `diagnostic turn ${d.turn}`)
    ok(d.nodeId === path[d.turn], `diagnostic of turn ${d.turn} names ${d.nodeId}`)
  }
  same(result.outcomeResults, {}, 'no outcome criteria, no outcome results')
}

/** (2) The turn limit (SPEC section 6), judged from the result alone. */
function checkLimit(
  definition: ScenarioDefinition,
  result: ScenarioExecutionResult,
  turnLimit: number,
): void {
  ok(result.turnCount <= turnLimit, `${result.turnCount} turns with a limit of ${turnLimit}`)
  if (result.status === 'error') return
  // Where the last turn routes to, on the final state.
  const last = result.path[result.turnCount - 1] as string
  const next = resolveNextNode(definition.edgesFrom(last), result.finalState)
  const ended = next === null || next === END
  if (result.status === 'limit_reached') {
    ok(result.turnCount === turnLimit, `limit_reached after ${result.turnCount} of ${turnLimit}`)
    ok(!ended, `limit_reached although the last turn routes to ${next}`)
  } else {
    // completed: at END or an implicit terminal, possibly on the last allowed turn.
    ok(ended, `completed although the last turn routes to node ${next}`)
  }
}

/** (3) The run equals the reference interpreter's. */
function checkReference(result: ScenarioExecutionResult, ref: RefRun): void {
  same(result.path, ref.path, 'path')
  ok(result.status === ref.status, `status ${result.status}, reference ${ref.status}`)
  same(
    result.history.map((t) => t.verifyResult),
    ref.verifyResults,
    'verifyResult per turn',
  )
  // An error turn keeps no parsed fields; the others keep the template's output.
  const parsedTurns = ref.status === 'error' ? ref.path.length - 1 : ref.path.length
  same(
    result.history.slice(0, parsedTurns).map((t) => ({ ...t.parsedFields })),
    ref.parsed.slice(0, parsedTurns),
    'parsedFields per turn',
  )
  same({ ...result.finalState.nodeVisits }, ref.nodeVisits, 'finalState.nodeVisits')
  same(
    JSON.parse(JSON.stringify(result.finalState.accumulated)),
    ref.accumulated,
    'finalState.accumulated',
  )
  same(
    result.diagnostics.filter((d) => d.kind === 'stateUpdate').map((d) => d.turn),
    ref.stateUpdateFailures,
    'turns with a stateUpdate diagnostic',
  )
  const conditionDiagnostics = result.diagnostics.filter((d) => d.kind === 'condition')
  for (const { turn, evaluated } of ref.routes) {
    checkConditionDiagnostics(
      conditionDiagnostics.filter((d) => d.turn === turn),
      diagnosticBounds(evaluated),
      `turn ${turn}: `,
    )
  }
  // No condition diagnostic from a turn that did not route (an error turn).
  const routed = new Set(ref.routes.map((r) => r.turn))
  for (const d of conditionDiagnostics) {
    ok(
      routed.has(d.turn as number),
      `a condition diagnostic at turn ${d.turn}, which did not route`,
    )
  }
}

/** (1), (2) and (3) on one random case. */
async function checkCase(c: ScenarioCase): Promise<void> {
  const { definition, model, result, calls } = await run(c)
  checkCalls(c, result, calls)
  checkWarnings(c.graph, definition)
  checkInvariants(c.graph, definition, model, result)
  checkLimit(definition, result, c.turnLimit)
  checkReference(result, refRun(c))
}

describe('runScenario on random graphs (up to 20 nodes, random conditions and verdicts)', () => {
  test(`${MAIN_RUNS} random runs: invariants, the turn limit, and routing equal to the reference`, async () => {
    await fc.assert(fc.asyncProperty(scenarioCaseArb(), checkCase), { numRuns: MAIN_RUNS })
  }, 120_000)

  test('the same with awkward node ids (dots, digits, spaces, case, root names)', async () => {
    await fc.assert(fc.asyncProperty(scenarioCaseArb({ ids: trickyIds }), checkCase), {
      numRuns: 500,
    })
  }, 60_000)

  test('a run with a smaller limit is the longer run cut at that limit', async () => {
    await fc.assert(
      fc.asyncProperty(
        scenarioCaseArb({ maxNodes: 8 }),
        fc.integer({ min: 1, max: 8 }),
        async (c, limit) => {
          const narrow = await run(c, limit)
          const wide = await run(c, 40)
          checkLimit(narrow.definition, narrow.result, limit)
          checkLimit(wide.definition, wide.result, 40)
          if (wide.result.turnCount <= limit) {
            same(narrow.result.path, wide.result.path, 'path under both limits')
            ok(narrow.result.status === wide.result.status, 'status under both limits')
          } else {
            same(narrow.result.path, wide.result.path.slice(0, limit), 'path cut at the limit')
            ok(narrow.result.status === 'limit_reached', `status ${narrow.result.status}`)
          }
        },
      ),
      { numRuns: 600 },
    )
  }, 60_000)
})
