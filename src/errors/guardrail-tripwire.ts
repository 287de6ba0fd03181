import { describeNonJson } from '../internal/describe-non-json.js'
import { describeValue } from '../internal/describe-value.js'
import { InvalidArgumentError } from './invalid-argument-error.js'

// A brand shared by every copy of the package (an app and its tests may load two): the run knows
// a tripwire by it, never by `instanceof` or the error's name.
const brand = Symbol.for('vitest-scenario.guardrail-tripwire')

/** What a `GuardrailTripwire` may say beside its name. */
export interface GuardrailTripwireOptions {
  /** `input` (default) when the guardrail judged the question, `output` when it judged the answer. */
  kind?: 'input' | 'output' | undefined
  /** What the guardrail said about its decision: JSON data, kept on the turn record. */
  info?: unknown
  /** The error's message; by default one naming the guardrail. */
  message?: string | undefined
}

/**
 * Thrown by a guardrail of the app under test — an AI SDK middleware (`wrapLanguageModel`), the
 * agent function itself, or a tool of the library's own model — to refuse a turn. A scenario run
 * does not fail the turn: it records `TurnRecord.guardrail = { name, kind, info }`, the turn has
 * no answer (`rawResponse` is `null`) and completes, and the run goes on along the edges, where
 * `when: { 'guardrail.name': … }` and `toHaveTrippedGuardrail(name)` read it. Found also as the
 * `cause` of another error, and across copies of the package.
 *
 * @example
 * const noMath = {
 *   transformParams: async ({ params }) => {
 *     if (/\d\s*[-+*\/]\s*\d/.test(JSON.stringify(params.prompt)))
 *       throw new GuardrailTripwire('no-math', { info: { reason: 'homework' } })
 *     return params
 *   },
 * }
 */
export class GuardrailTripwire extends Error {
  override name = 'GuardrailTripwire'
  /** The guardrail's name: the turn record's `guardrail.name`. */
  readonly guardrail: string
  /** `input` when it judged the question, `output` when it judged the answer. */
  readonly kind: 'input' | 'output'
  /** What the guardrail said about its decision (`null` when it said nothing). */
  readonly info: unknown
  readonly [brand] = true

  constructor(name: string, options: GuardrailTripwireOptions = {}) {
    if (typeof name !== 'string' || name === '') {
      throw new InvalidArgumentError(
        `new GuardrailTripwire(name) needs the guardrail's name (a non-empty string), got ${describeValue(name)}`,
        "Name the guardrail that tripped, e.g. new GuardrailTripwire('no-math', { kind: 'input' }).",
      )
    }
    const kind = options.kind ?? 'input'
    if (kind !== 'input' && kind !== 'output') {
      throw new InvalidArgumentError(
        `new GuardrailTripwire('${name}', { kind }) got kind ${describeValue(kind)}`,
        "Use kind 'input' (the guardrail judged the question) or 'output' (it judged the answer).",
      )
    }
    const nonJson = describeNonJson(options.info)
    if (nonJson !== undefined) {
      throw new InvalidArgumentError(
        `new GuardrailTripwire('${name}', { info }) got info holding ${nonJson}, which JSON cannot hold`,
        'Give info as JSON data (objects, arrays, strings, numbers, booleans, null): the turn record keeps it.',
      )
    }
    super(
      options.message ??
        `[vitest-scenario] The ${kind} guardrail '${name}' tripped: a scenario run records it as the turn's guardrail and goes on along the edges`,
    )
    this.guardrail = name
    this.kind = kind
    this.info = options.info === undefined ? null : options.info
  }
}

/** Whether a value is a `GuardrailTripwire`, from any copy of the package. */
export function isGuardrailTripwire(value: unknown): value is GuardrailTripwire {
  if (typeof value !== 'object' || value === null) return false
  try {
    return brand in value
  } catch {
    // A Proxy whose `has` trap throws is not a tripwire.
    return false
  }
}
