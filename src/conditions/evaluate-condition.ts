import { quotedMessage } from '../errors/quoted-message.js'
import { renderData } from '../internal/describe-value.js'
import { readOnlyView } from '../state/read-only-view.js'
import type { Diagnostic, ScenarioStateView } from '../state/types.js'
import type {
  CompiledCheck,
  CompiledCondition,
  FunctionCheck,
  PathCheck,
  Verdict,
} from './compiled-condition.js'

/** Where a condition is evaluated, and where its diagnostics go. */
export interface ConditionContext {
  /** Receives a diagnostic for each evaluated check that could not match (missing, wrong type, threw). */
  diagnostics?: Diagnostic[] | undefined
  /** The node the run is at; copied into diagnostics. */
  nodeId?: string | undefined
  /** The turn index; copied into diagnostics. */
  turn?: number | undefined
  /** The edge being tried, named in diagnostic messages. */
  edge?: { readonly source: string; readonly target: string } | undefined
}

const NO_CONTEXT: ConditionContext = {}

/**
 * Evaluates a compiled condition against the state; never throws. Checks run in order and the
 * first failing one stops (AND). A missing or wrong-typed value, or a function that throws or
 * returns a Promise, does not match and leaves a `condition` diagnostic naming the dot path.
 *
 * @example
 * const compiled = compileWhen({ 'parsed.score': { gte: 3 } }, "addEdge('ask', 'next')")
 * evaluateCondition(compiled, state, { diagnostics }) // false, plus a diagnostic if score is missing
 */
export function evaluateCondition(
  compiled: CompiledCondition,
  state: ScenarioStateView,
  ctx: ConditionContext = NO_CONTEXT,
): boolean {
  const checks = compiled.checks
  for (let i = 0; i < checks.length; i++) {
    const check = checks[i] as CompiledCheck
    const ok =
      check.kind === 'path' ? runPathCheck(check, state, ctx) : runFunction(check, state, ctx)
    if (!ok) return false
  }
  return true
}

function runPathCheck(check: PathCheck, state: ScenarioStateView, ctx: ConditionContext): boolean {
  try {
    const value = check.path.read(state)
    const tests = check.tests
    for (let i = 0; i < tests.length; i++) {
      const test = tests[i] as PathCheck['tests'][number]
      const verdict: Verdict = test.run(value)
      if (verdict === true) continue
      if (verdict !== false && ctx.diagnostics !== undefined) {
        const why =
          verdict === 'missing'
            ? `the value is missing (${renderData(value)})`
            : `${renderData(value)} has the wrong type`
        report(ctx, `${subject(check, ctx)} did not match: ${why}; expected ${test.text}`, check)
      }
      return false
    }
    return true
  } catch (error) {
    // Defensive: tests are written not to throw, but routing must never throw.
    report(ctx, `${subject(check, ctx)} failed, so it does not match: ${errorText(error)}`, check)
    return false
  }
}

function runFunction(
  check: FunctionCheck,
  state: ScenarioStateView,
  ctx: ConditionContext,
): boolean {
  let result: unknown
  try {
    result = check.fn(readOnlyView(state))
    if (isThenable(result)) {
      // Keep a rejection of the ignored promise from surfacing as an unhandled rejection.
      Promise.resolve(result).catch(() => {})
      report(
        ctx,
        `${subject(check, ctx)} returned a Promise, so it does not match: conditions are ` +
          'synchronous (compute async values in a stateUpdate and read them from the state)',
        check,
      )
      return false
    }
  } catch (error) {
    report(ctx, `${subject(check, ctx)} threw, so it does not match: ${errorText(error)}`, check)
    return false
  }
  return Boolean(result)
}

function isThenable(value: unknown): boolean {
  if (value instanceof Promise) return true
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false
  return typeof (value as { then?: unknown }).then === 'function'
}

function subject(check: CompiledCheck, ctx: ConditionContext): string {
  const edge = ctx.edge === undefined ? '' : ` of edge '${ctx.edge.source}' -> '${ctx.edge.target}'`
  if (check.kind === 'path') return `Condition on '${check.path.path}'${edge}`
  // A name inferred from the option key (`when: () => …`) says nothing: anonymous.
  const name = check.fn.name
  return `Condition function ${name === '' || name === 'when' ? '(anonymous)' : `'${name}'`}${edge}`
}

function errorText(error: unknown): string {
  try {
    // Quoted in a diagnostic about the condition: a library error's docs line is left out.
    return error instanceof Error ? `${error.name}: ${quotedMessage(error)}` : String(error)
  } catch {
    return 'an unprintable value'
  }
}

function report(ctx: ConditionContext, message: string, check: CompiledCheck): void {
  const diagnostics = ctx.diagnostics
  if (diagnostics === undefined) return
  const diagnostic: Diagnostic = { kind: 'condition', message }
  if (ctx.nodeId !== undefined) diagnostic.nodeId = ctx.nodeId
  if (ctx.turn !== undefined) diagnostic.turn = ctx.turn
  if (check.kind === 'path') diagnostic.path = check.path.path
  diagnostics.push(diagnostic)
}
