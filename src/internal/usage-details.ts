import type { Usage } from '../state/types.js'

// The optional parts of a usage beside its four counts: the reasoning tokens a provider states
// (a part of `output`) and the names of the models that answered. One place sums and merges them,
// for every path that adds usages: the library's own calls, an agent's counted calls, the
// adapters, a turn's sides and the run's total.

/**
 * The model names `names` holds (`', '`-joined, in order of first use) with `name` added when it
 * is new; a name that is not a non-empty string adds nothing.
 */
export function withModel(names: string | undefined, name: unknown): string | undefined {
  if (typeof name !== 'string' || name === '') return names
  if (names === undefined) return name
  return names === name || names.split(', ').includes(name) ? names : `${names}, ${name}`
}

/**
 * Adds `from`'s reasoning tokens and model names to `into`, in place: the counts summed (kept
 * absent while neither states any), the names merged in order of first use.
 */
export function addDetails(into: Usage, from: Readonly<Usage>): void {
  if (from.reasoning !== undefined) into.reasoning = (into.reasoning ?? 0) + from.reasoning
  if (from.model !== undefined && from.model !== into.model) {
    let names = into.model
    for (const name of from.model.split(', ')) names = withModel(names, name)
    into.model = names
  }
}

/**
 * A usage with the details of `stated` set on it: `reasoning` when it is a count (a number ≥ 0),
 * `model` when it is a non-empty string. Returns `usage`.
 */
export function withDetails(usage: Usage, reasoning: unknown, model: unknown): Usage {
  if (typeof reasoning === 'number' && Number.isFinite(reasoning) && reasoning >= 0) {
    usage.reasoning = reasoning
  }
  if (typeof model === 'string' && model !== '') usage.model = model
  return usage
}
