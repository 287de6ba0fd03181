import { InvalidArgumentError } from '../errors/index.js'
import { describeThrown, describeValue } from '../internal/describe-value.js'
import type { ScenarioStateView } from './types.js'

/** A dot path split once into a reader, so evaluating it on every turn does no string work. */
export interface CompiledPath {
  /** The dot path as written. */
  readonly path: string
  /** Whether the first segment names a part of the state (`parsed`, `nodeVisits`, an alias, …). */
  readonly known: boolean
  /** Reads the path from a state. */
  readonly read: (state: ScenarioStateView) => unknown
}

/** The first segments a dot path may start with, camelCase spellings first, then the aliases. */
export const PATH_ROOTS = [
  'verifyResult',
  'turn',
  'currentNode',
  'parsed',
  'accumulated',
  'nodeVisits',
  'nodeResults',
  'user',
  'toolCalls',
  'toolNames',
  'agent',
  'agents',
  'guardrail',
  'verify_result',
  'current_node',
  'node_visits',
  'node_results',
] as const

const hasOwn = Object.prototype.hasOwnProperty

/** What a node that never ran resolves to; frozen and shared so the lookup allocates nothing. */
const NEVER_RAN: Readonly<Record<string, never>> = Object.freeze({})

type Reader = (state: ScenarioStateView) => unknown

const readUndefined: Reader = () => undefined

/** Readers of each root written alone (`parsed` returns the whole object). */
const bareReaders: Record<string, Reader> = {
  verifyResult: (s) => s.verifyResult,
  verify_result: (s) => s.verifyResult,
  turn: (s) => s.turn,
  currentNode: (s) => s.currentNode,
  current_node: (s) => s.currentNode,
  parsed: (s) => s.parsed,
  accumulated: (s) => s.accumulated,
  nodeVisits: (s) => s.nodeVisits,
  node_visits: (s) => s.nodeVisits,
  nodeResults: (s) => s.nodeResults,
  node_results: (s) => s.nodeResults,
  user: (s) => s.user,
  toolCalls: (s) => s.toolCalls,
  toolNames: (s) => s.toolNames,
  agent: (s) => s.agent,
  agents: (s) => s.agents,
  guardrail: (s) => s.guardrail,
}

/**
 * A dot path after its root, split in advance: the whole key, then each split at a dot from the
 * left (head key, compiled tail). Reading it is `lookupNested` without any string work.
 */
interface NestedPath {
  readonly whole: string
  readonly splits: readonly { readonly head: string; readonly tail: NestedPath }[]
}

/** Compiles `path` for `readNested`. */
function compileNested(path: string, memo: Map<string, NestedPath> = new Map()): NestedPath {
  // Every tail is a suffix of `path`: memoized by string, a path of n segments takes n steps.
  const known = memo.get(path)
  if (known !== undefined) return known
  const splits: { head: string; tail: NestedPath }[] = []
  const step: NestedPath = { whole: path, splits }
  memo.set(path, step)
  let dot = path.indexOf('.')
  while (dot !== -1) {
    splits.push({ head: path.slice(0, dot), tail: compileNested(path.slice(dot + 1), memo) })
    dot = path.indexOf('.', dot + 1)
  }
  return step
}

/**
 * `nodeResults.<rest>`: the first split separates the node id from the field path inside its
 * result, where the karenina spelling `verify_result` is read as `verifyResult`.
 */
function compileNodeResultsPath(rest: string): NestedPath {
  const memo = new Map<string, NestedPath>()
  const splits: { head: string; tail: NestedPath }[] = []
  let dot = rest.indexOf('.')
  while (dot !== -1) {
    const tail = nodeResultField(rest.slice(dot + 1))
    splits.push({ head: rest.slice(0, dot), tail: compileNested(tail, memo) })
    dot = rest.indexOf('.', dot + 1)
  }
  return { whole: rest, splits }
}

/** `lookupNested(value, step.whole)`, on a path split in advance. */
function readNested(value: unknown, step: NestedPath): unknown {
  if (typeof value !== 'object' || value === null) return undefined
  const record = value as Record<string, unknown>
  if (hasOwn.call(record, step.whole)) {
    const found = record[step.whole]
    if (found !== undefined) return found
  }
  const splits = step.splits
  for (let i = 0; i < splits.length; i++) {
    const split = splits[i] as NestedPath['splits'][number]
    if (hasOwn.call(record, split.head)) {
      const found = readNested(record[split.head], split.tail)
      if (found !== undefined) return found
    }
  }
  return undefined
}

function nestedReader(root: string, rest: string): Reader {
  switch (root) {
    case 'parsed': {
      const step = compileNested(rest)
      return (s) => readNested(s.parsed, step)
    }
    case 'accumulated': {
      const step = compileNested(rest)
      return (s) => readNested(s.accumulated, step)
    }
    case 'user': {
      // What the simulated user said on the latest turn it wrote: `user.goalReached`.
      const step = compileNested(rest)
      return (s) => readNested(s.user, step)
    }
    case 'nodeVisits':
    case 'node_visits': {
      // A node id may hold dots, so the whole rest is a candidate id: never visited → 0.
      const step = compileNested(rest)
      return (s) => {
        const count = readNested(s.nodeVisits, step)
        return count === undefined ? 0 : count
      }
    }
    case 'toolCalls': {
      // `toolCalls.0.name`: the latest turn's calls, looked up like any nested path.
      const step = compileNested(rest)
      return (s) => readNested(s.toolCalls, step)
    }
    case 'toolNames': {
      const step = compileNested(rest)
      return (s) => readNested(s.toolNames, step)
    }
    case 'agents': {
      // `agents.0`: the entry agent of the latest turn.
      const step = compileNested(rest)
      return (s) => readNested(s.agents, step)
    }
    case 'guardrail': {
      // `guardrail.name`, `guardrail.kind`, `guardrail.info.<f>`: the latest turn's tripped guardrail.
      const step = compileNested(rest)
      return (s) => readNested(s.guardrail, step)
    }
    case 'nodeResults':
    case 'node_results': {
      const step = compileNodeResultsPath(rest)
      const hasDot = rest.includes('.')
      return (s) => {
        const found = readNested(s.nodeResults, step)
        // No dot: the rest is a node id, and a node that never ran gives `{}`. With dots we
        // cannot tell a dotted node id that never ran from a missing field: `undefined`.
        return found === undefined && !hasDot ? NEVER_RAN : found
      }
    }
    default:
      // A suffix after `turn`, `currentNode` or `verifyResult` reads nothing.
      return readUndefined
  }
}

/** The karenina spelling inside a node result, read as the camelCase field. */
function nodeResultField(tail: string): string {
  if (tail === 'verify_result') return 'verifyResult'
  if (tail.startsWith('verify_result.')) return `verifyResult${tail.slice('verify_result'.length)}`
  return tail
}

/**
 * Splits a dot path into a reader once; conditions keep the result, so routing does no parsing.
 *
 * @example
 * const path = compilePath('parsed.confidence')
 * path.read(state) // state.parsed.confidence
 */
export function compilePath(path: string): CompiledPath {
  const dot = path.indexOf('.')
  const root = dot === -1 ? path : path.slice(0, dot)
  const known = hasOwn.call(bareReaders, root)
  let read: Reader
  if (!known) read = readUndefined
  else if (dot === -1) read = bareReaders[root] ?? readUndefined
  else read = nestedReader(root, path.slice(dot + 1))
  return { path, known, read }
}

// `resolvePath` is public and may be called in a loop with the same few paths: keep their
// compiled form. The cap keeps a caller that builds paths from data from growing it forever.
const cache = new Map<string, CompiledPath>()
const CACHE_LIMIT = 1000

/**
 * Reads a dot path from the state: `verifyResult`, `turn`, `currentNode`,
 * `parsed.<a>…`, `accumulated.<a>…`, `nodeVisits.<node>` (0 when never visited),
 * `nodeResults.<node>` (`{}` when never run), `nodeResults.<node>.<field>…` (`toolNames` and
 * `toolCalls` included), the latest turn's `toolNames` and `toolCalls` (`toolCalls.0.name`), its
 * `agent`, `agents` (the chain that handled it) and `guardrail` (`guardrail.name`, `null` when
 * none tripped), and `user.goalReached` (the simulated user's latest turn), with the karenina
 * spellings as aliases;
 * anything else is `undefined`.
 *
 * @example
 * resolvePath(state, 'nodeResults.ask.verifyResult') // false
 * resolvePath(state, 'nodeVisits.retry') // 0 before `retry` ran
 */
export function resolvePath(state: ScenarioStateView, path: string): unknown {
  if (typeof path !== 'string') {
    throw new InvalidArgumentError(
      `resolvePath(state, path) needs a dot path (a string), got ${describeValue(path)}`,
      "Write e.g. resolvePath(state, 'parsed.score').",
    )
  }
  if (typeof state !== 'object' || state === null) {
    throw new InvalidArgumentError(
      `resolvePath(state, path) needs the run's state, got ${describeValue(state)}`,
      'Pass the state a condition, question or agent is given, or result.finalState.',
    )
  }
  let compiled = cache.get(path)
  if (compiled === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear()
    compiled = compilePath(path)
    cache.set(path, compiled)
  }
  try {
    return compiled.read(state)
  } catch (error) {
    // Only the state's own code can throw here: a getter or a Proxy trap of what was passed.
    throw new InvalidArgumentError(
      `Reading ${describeValue(path)} from the state in resolvePath() threw ${describeThrown(error)}`,
      'Pass the state as the run gives it (plain data).',
      undefined,
      { cause: error },
    )
  }
}
