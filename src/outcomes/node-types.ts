import type {
  Aggregation,
  BooleanCheck,
  CrossTurnComparison,
  ParallelCalls,
  TrajectoryMode,
  TurnScope,
} from './types.js'

/** The `type` tags of the boolean check nodes (the ones that compose). */
export const BOOLEAN_CHECK_TYPES: readonly BooleanCheck['type'][] = [
  'TurnCheck',
  'TurnFieldsCheck',
  'ResultCheck',
  'CrossTurnCheck',
  'CalledTool',
  'ToolTrajectory',
  'HandedOffTo',
  'AllOf',
  'AnyOf',
  'AtLeastN',
  'Judge',
]

/** The `type` tags of the aggregations (they return a number and never compose). */
export const AGGREGATION_TYPES: readonly Aggregation['type'][] = ['CountTurns', 'FirstMatchIndex']

/** The `type` tags of the scopes. */
export const SCOPE_TYPES: readonly TurnScope['type'][] = [
  'LastTurn',
  'FirstTurn',
  'TurnAt',
  'AnyTurn',
  'AllTurns',
]

/** The comparisons of a cross-turn check. */
export const CROSS_TURN_COMPARISONS: readonly CrossTurnComparison[] = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'contains',
]

/** The modes of a tool trajectory check, the default first. */
export const TRAJECTORY_MODES: readonly TrajectoryMode[] = [
  'strict',
  'unordered',
  'subset',
  'superset',
]

/** How `strict` may compare the calls within a step, the default first. */
export const PARALLEL_CALLS: readonly ParallelCalls[] = ['unordered', 'ordered']

/** The `type` tag of `value` when it is an object with a string tag, else `undefined`. */
export function typeTag(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  let type: unknown
  try {
    type = (value as { type?: unknown }).type
  } catch {
    // A value whose `type` cannot be read (a throwing getter or Proxy) is no check node.
    return undefined
  }
  return typeof type === 'string' ? type : undefined
}

/** Whether `type` is one of `types` (a typed `includes` over a readonly tag list). */
export function isOneOf<T extends string>(types: readonly T[], type: unknown): type is T {
  return (types as readonly unknown[]).includes(type)
}
