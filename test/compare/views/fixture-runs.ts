// The parts the views' fixtures build runs from: a side's run, a turn, written-out statistics.
import type { PairedStatistics, SideRun } from '../../../src/compare/comparison.js'
import type { JudgementMeta, TurnMeta } from '../../../src/hosts/core/meta/scenario-meta.js'

/** END's node id, as a path holds it. */
export const END = '__end__'

/** What a fixture run is made of. */
export interface RunParts {
  passed: boolean
  path: string[]
  turns: TurnMeta[]
  outcomes?: Record<string, boolean | number>
  judgements?: Record<string, JudgementMeta>
  tokens?: number
  cost?: number
  latencyMs?: number
  status?: SideRun['status']
  infrastructure?: string
  error?: SideRun['error']
}

/** A side's run from its parts; the tools come from the turns. */
export function sideRun(parts: RunParts): SideRun {
  const tokens = parts.tokens ?? 1200
  const input = Math.round(tokens * 0.8)
  return {
    passed: parts.passed,
    status: parts.status ?? 'completed',
    path: parts.path,
    outcomes: parts.outcomes ?? {},
    judgements: parts.judgements ?? {},
    tools: parts.turns.map((turn) => turn.tools ?? []),
    turns: parts.turns,
    tokens: { input, output: tokens - input, total: tokens },
    cost: parts.cost,
    latencyMs: parts.latencyMs ?? 1500,
    error: parts.error,
    infrastructure: parts.infrastructure,
  }
}

/** A turn as reports keep it. */
export function turn(
  node: string,
  question: string,
  answer: string | null,
  extra: Partial<TurnMeta> = {},
): TurnMeta {
  return { node, verify: null, question, answer, ...extra }
}

/** Statistics as the logic computes them, written out. */
export function stats(
  parts: Omit<PairedStatistics, 'interval'> & { low: number; high: number },
): PairedStatistics {
  const { low, high, ...rest } = parts
  return { ...rest, interval: { low, high, confidence: 0.95 } }
}
