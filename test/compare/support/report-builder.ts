// Builds results reports for comparison tests: valid scenario meta (the builder's own test parses
// it with the meta schema) from a few facts per run, so a test states only what it compares.

import { SCENARIO_META_VERSION } from '../../../src/hosts/core/meta/meta-limits.js'
import type {
  JudgementMeta,
  ScenarioMeta,
  ScenarioRunMeta,
  TurnMeta,
} from '../../../src/hosts/core/meta/scenario-meta.js'
import type { ScenarioEntry, TestState } from '../../../src/reporter/scenario-entry.js'
import {
  RESULTS_KIND,
  RESULTS_VERSION,
  type ResultsReport,
} from '../../../src/results/results-report.js'
import { wilsonInterval } from '../../../src/samples/wilson-interval.js'
import type { ErrorCategory, ErrorStage } from '../../../src/state/types.js'

/** What a run did, as far as a test cares; everything else gets a plain default. */
export interface RunFacts {
  passed?: boolean
  status?: ScenarioRunMeta['status']
  /** The nodes visited, one turn each (default `['ask', 'confirm']`). */
  path?: string[]
  outcomes?: Record<string, boolean | number>
  judgements?: Record<string, JudgementMeta>
  /** Each turn's verify verdict (default `null`). */
  verify?: (boolean | null)[]
  /** Each turn's tools (default none). */
  tools?: string[][]
  /** Each turn's answer (default `answer <i>`). */
  answers?: (string | null)[]
  /** Each turn's question (default `question <i>`). */
  questions?: string[]
  /** Live tokens (default 100 in, 20 out). */
  tokens?: { input: number; output: number }
  /** Replayed tokens (default none). */
  recordedTokens?: { input: number; output: number }
  /** The live cost; a recorded cost of 0 goes with it. Absent: the run had no prices. */
  cost?: number
  recordedCost?: number
  durationMs?: number
  recordedDurationMs?: number
  error?: { category: ErrorCategory; message: string; node?: string; stage?: ErrorStage }
  outcomeErrors?: Record<string, { category: ErrorCategory; message: string }>
}

/** A valid scenario run from `facts`. */
export function runOf(facts: RunFacts = {}): ScenarioRunMeta {
  const path = facts.path ?? ['ask', 'confirm']
  const turns: TurnMeta[] = path.map((node, i) => {
    const turn: TurnMeta = {
      node,
      verify: facts.verify?.[i] ?? null,
      question: facts.questions?.[i] ?? `question ${i}`,
      answer: facts.answers === undefined ? `answer ${i}` : facts.answers[i],
    }
    const tools = facts.tools?.[i]
    if (tools !== undefined && tools.length > 0) turn.tools = tools
    return turn
  })
  const live = facts.tokens ?? { input: 100, output: 20 }
  const recorded = facts.recordedTokens ?? { input: 0, output: 0 }
  const passed = facts.passed ?? facts.error === undefined
  const run: ScenarioRunMeta = {
    status: facts.status ?? (facts.error === undefined ? 'completed' : 'error'),
    passed,
    path,
    edges: path.map(() => -1),
    turnCount: turns.length,
    outcomes: facts.outcomes ?? {},
    usage: {
      now: { ...live, cached: 0, turns: recorded.input + recorded.output > 0 ? 0 : turns.length },
      recorded: {
        ...recorded,
        cached: 0,
        turns: recorded.input + recorded.output > 0 ? turns.length : 0,
      },
    },
    durationMs: facts.durationMs ?? 1000,
    turns,
  }
  if (facts.cost !== undefined) {
    run.usage.now.cost = facts.cost
    run.usage.recorded.cost = facts.recordedCost ?? 0
  }
  if (facts.recordedDurationMs !== undefined) run.recordedDurationMs = facts.recordedDurationMs
  if (facts.judgements !== undefined) run.judgements = facts.judgements
  if (facts.outcomeErrors !== undefined) run.outcomeErrors = facts.outcomeErrors
  if (facts.error !== undefined) {
    run.error = {
      node: facts.error.node ?? path[path.length - 1] ?? 'ask',
      category: facts.error.category,
      stage: facts.error.stage ?? 'answer',
      message: facts.error.message,
    }
  }
  return run
}

/** A judge's verdict with one criterion per entry (`met` / `unmet`), each with a reasoning. */
export function judgementOf(
  verdicts: ('met' | 'unmet' | 'inconclusive')[],
  verdict: JudgementMeta['verdict'] = verdicts.every((v) => v === 'met') ? 'pass' : 'fail',
): JudgementMeta {
  return {
    verdict,
    criteria: verdicts.map((v, i) => ({
      criterion: `criterion ${i + 1}`,
      verdict: v,
      reasoning: `because ${i + 1} was ${v}`,
    })),
  }
}

/** What a test is, as far as a comparison cares. */
export interface TestFacts {
  test?: string
  file?: string
  project?: string
  state?: TestState
  runs?: ScenarioRunMeta[]
  /** The scenario definition's hash (default `sha256:0000000000000000`); `null` leaves it out. */
  definition?: string | null
  errors?: string[]
  /** Mark the runs as samples even when there is one (default: when there is more than one). */
  sampled?: boolean
}

/** A report entry with valid scenario meta built from `facts`. */
export function testOf(facts: TestFacts = {}): ScenarioEntry {
  const runs = facts.runs ?? [runOf()]
  const nodes: string[] = []
  const edges: { from: string; to: string }[] = []
  for (const run of runs) {
    for (const [i, node] of run.path.entries()) {
      if (!nodes.includes(node)) nodes.push(node)
      const next = run.path[i + 1]
      if (next !== undefined && !edges.some((e) => e.from === node && e.to === next)) {
        edges.push({ from: node, to: next })
      }
    }
  }
  const scenario: ScenarioMeta = {
    version: SCENARIO_META_VERSION,
    name: facts.test ?? 'a scenario',
    graph: { nodes, edges, entry: nodes[0] ?? 'ask' },
    criteria: [],
    runs,
  }
  const criteria = new Set(runs.flatMap((run) => Object.keys(run.outcomes)))
  scenario.criteria = [...criteria].map((name) => ({ name }))
  if (facts.sampled ?? runs.length > 1) {
    const passes = runs.filter((run) => run.passed).length
    scenario.samples = {
      n: runs.length,
      passes,
      passRate: runs.length === 0 ? 0 : passes / runs.length,
      interval: wilsonInterval(passes, runs.length),
    }
  }
  if (facts.definition !== null) {
    Object.assign(scenario, { definition: facts.definition ?? 'sha256:0000000000000000' })
  }
  const entry: ScenarioEntry = {
    test: facts.test ?? 'a scenario',
    file: facts.file ?? 'test/agent.test.ts',
    state:
      facts.state ?? (runs.length > 0 && runs.every((run) => run.passed) ? 'passed' : 'failed'),
    durationMs: 1000,
    errors: facts.errors ?? [],
    scenario,
  }
  if (facts.project !== undefined) entry.project = facts.project
  return entry
}

/** A results report holding `tests`. */
export function reportOf(
  tests: ScenarioEntry[],
  overrides: Partial<ResultsReport> = {},
): ResultsReport {
  return {
    kind: RESULTS_KIND,
    version: RESULTS_VERSION,
    createdAt: '2026-01-01T00:00:00.000Z',
    host: 'vitest',
    tests,
    ...overrides,
  }
}
