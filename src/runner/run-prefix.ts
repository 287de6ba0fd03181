// A forked run: the turns before `turns` run with other options (a baseline's, answered from its
// recording), the rest with the run's own. The prefix is the host's to give (a candidate's
// `fork`); it is no run option, so `runScenario` stays as it is documented.
import { InvalidArgumentError } from '../errors/index.js'
import type { ScenarioDefinition } from '../scenario/index.js'
import type { RunContext } from './run-context.js'
import type { ResolvedRunOptions, RunOptions } from './run-options.js'

/** The first turns of a run and the options they run with. */
export interface RunPrefix {
  /** The number of turns (from turn 0) that run with `options`; the run's own from this turn. */
  turns: number
  /** The prefix's options, with the recording session that answers its calls. */
  options: RunOptions
}

/** A prefix as a run keeps it: resolved, with the run's own options to go live with. */
export interface ResolvedPrefix {
  turns: number
  own: ResolvedRunOptions
}

/**
 * Refuses a fork whose answering side is an agent function, in the prefix or the run, on the
 * run or on a node: an agent's own calls go through the test's recording, not the prefix's
 * session, so its first turns could not be answered from the baseline.
 */
export function assertForkable(
  definition: ScenarioDefinition,
  prefix: ResolvedRunOptions,
  own: ResolvedRunOptions,
): void {
  const agentNode = Object.values(definition.nodes).find(
    (node) => typeof node.modelOverride?.answering === 'function',
  )
  if (prefix.answering.kind === 'model' && own.answering.kind === 'model' && !agentNode) return
  throw new InvalidArgumentError(
    `Scenario '${definition.name}' cannot fork from the baseline: its answering side is an agent function${agentNode === undefined ? '' : ` (node '${agentNode.id}')`}, whose own model calls the baseline recording cannot answer turn by turn`,
    'Leave `fork` out of the candidate to run every turn live, or answer with a model config ({ model }) instead of an agent function.',
  )
}

/** Makes the run's turns from the prefix's end on run with its own options (and sides). */
export function goLive(
  run: { options: ResolvedRunOptions; context: RunContext },
  own: ResolvedRunOptions,
): void {
  if (run.options === own) return
  run.options = own
  run.context.options = own
  // Each node's sides were resolved from the prefix's options: the run's own are resolved anew.
  run.context.sides = new Map()
}
