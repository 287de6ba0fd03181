import { z } from 'zod'
import { InvalidArgumentError, quoteList } from '../errors/index.js'
import { assertReadable } from './assert-readable.js'
import { describeValue } from './describe-value.js'

/** How a check of one options object names it and says what to do. */
export interface OptionsContext {
  /** The options object in messages, e.g. `runScenario(definition, options)`. */
  where: string
  /** What to do about the problems (the last line of the message). */
  fix: string
  /** A note appended to one problem's line, e.g. why a key is not accepted there. */
  note?: ((issue: z.core.$ZodIssue) => string | undefined) | undefined
}

/**
 * Checks an options object against its schema — the one place its rules live — and returns what
 * the schema outputs. Every problem is listed in one `InvalidArgumentError` (what was wrong, where,
 * and what is valid there; an unknown key names the valid keys at its level).
 *
 * @example
 * parseOptions(limiterOptionsSchema, { maxConcurrentCalls: 0 }, { where: 'createLimiter(options)', fix: '…' })
 * // throws: [vitest-scenario] createLimiter(options) has an invalid option
 * //   - `maxConcurrentCalls`: an integer ≥ 1, got 0
 */
export function parseOptions<S extends z.ZodType>(
  schema: S,
  value: unknown,
  context: OptionsContext,
): z.output<S> {
  const parsed = safely(() => schema.safeParse(value), value, context)
  if (parsed.success) return parsed.data
  // Again with the inputs in the issues, for the message: asking for them on every parse would
  // turn off zod's compiled fast path, and runScenario checks its options on every run.
  const reported = safely(() => schema.safeParse(value, { reportInput: true }), value, context)
  throw optionsError(schema, reported.error?.issues ?? parsed.error.issues, context)
}

/**
 * Runs a parse; a read that throws inside it (a throwing getter, a revoked Proxy) becomes an
 * `InvalidArgumentError` naming the property, never a foreign error. Checked only when a read
 * threw: walking every options object first cost more than the parse on runScenario's path.
 */
function safely<T>(parse: () => T, value: unknown, context: OptionsContext): T {
  try {
    return parse()
  } catch (error) {
    assertReadable(value, context.where)
    throw new InvalidArgumentError(
      `Reading ${context.where} threw ${error instanceof Error ? error.name : describeValue(error)}`,
      'Pass plain data: values without getters that throw, and no revoked or throwing Proxy.',
      undefined,
      { cause: error },
    )
  }
}

/** The one error for every problem zod found in an options object. */
export function optionsError(
  schema: z.ZodType,
  issues: readonly z.core.$ZodIssue[],
  context: OptionsContext,
): InvalidArgumentError {
  const lines = issues.flatMap((issue) => describeIssue(schema, issue, [], context))
  return new InvalidArgumentError(
    `${context.where} has ${lines.length === 1 ? 'an invalid option' : `${lines.length} invalid options`}`,
    context.fix,
    lines,
  )
}

/** One issue as lines: where, what was wrong, and what is valid there. */
function describeIssue(
  schema: z.ZodType,
  issue: z.core.$ZodIssue,
  prefix: readonly PropertyKey[],
  context: OptionsContext,
): string[] {
  const path = [...prefix, ...issue.path]
  if (issue.code === 'invalid_union') {
    // The branch the value's type chose (an object for a model config, a function for an agent)
    // explains the problem better than "none of the branches".
    const chosen = issue.errors.filter((branch) => branch.some((i) => i.path.length > 0))
    if (chosen.length === 1 && chosen[0] !== undefined) {
      return chosen[0].flatMap((inner) => describeIssue(schema, inner, path, context))
    }
  }
  const at = path.length === 0 ? 'options' : `\`${path.map(String).join('.')}\``
  const note = context.note?.(issue) ?? ''
  if (issue.code === 'unrecognized_keys') {
    const valid = validKeysAt(schema, path)
    const takes = valid.length === 0 ? 'it takes none' : `valid keys: ${quoteList(valid)}`
    return [
      `unknown key${issue.keys.length === 1 ? '' : 's'} ${quoteList(issue.keys)} in ${at}; ${takes}${note}`,
    ]
  }
  const got = 'input' in issue ? `, got ${describeValue(inputOf(issue))}` : ''
  return [`${at}: ${issue.message}${got}${note}`]
}

/**
 * What an issue got: its input, except for a discriminated union whose discriminator matched no
 * branch, where it is the discriminator's value (the issue's input is the whole object).
 */
function inputOf(issue: z.core.$ZodIssue): unknown {
  const { input } = issue
  if (issue.code !== 'invalid_union' || issue.discriminator === undefined) return input
  if (typeof input !== 'object' || input === null) return input
  return (input as Record<string, unknown>)[issue.discriminator]
}

/** The keys of the object schema at `path` (through optional fields, records and unions). */
function validKeysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let current: z.ZodType | undefined = schema
  for (const key of path) {
    current = objectIn(current)?.shape[String(key)] ?? recordValueIn(current)
    if (current === undefined) return []
  }
  const object = objectIn(current)
  return object === undefined ? [] : Object.keys(object.shape)
}

function objectIn(schema: z.ZodType | undefined): z.ZodObject | undefined {
  const inner = unwrap(schema)
  if (inner instanceof z.ZodObject) return inner
  if (inner instanceof z.ZodUnion) {
    for (const option of inner.options) {
      const object = objectIn(option as z.ZodType)
      if (object !== undefined) return object
    }
  }
  return undefined
}

function recordValueIn(schema: z.ZodType | undefined): z.ZodType | undefined {
  const inner = unwrap(schema)
  return inner instanceof z.ZodRecord ? (inner.valueType as z.ZodType) : undefined
}

function unwrap(schema: z.ZodType | undefined): z.ZodType | undefined {
  let inner = schema
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault) {
    inner = inner.unwrap() as z.ZodType
  }
  return inner
}
