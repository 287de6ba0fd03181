import { z } from 'zod'
import type { LlmTrait } from '../rubrics/types.js'
import type { RubricScores, SchemaIssue, Usage } from '../state/types.js'
import type { AnswerTemplate } from '../templates/types.js'
import { chatCompletion, type ReplayTally } from './chat-completion.js'
import type { ModelCalls } from './model-calls.js'
import { zodHelpers } from './openai-zod-helpers.js'
import type { ModelConfig } from './types.js'

const formats = new WeakMap<object, object>()

/** The structured-outputs response format of a schema, from the SDK's zod helper, made once. */
function formatFor(schema: z.ZodObject, name: string): object {
  let format = formats.get(schema)
  if (format === undefined) {
    format = zodHelpers().zodResponseFormat(schema, name)
    formats.set(schema, format)
  }
  return format
}

/** What a judge call gives: the fields (or a parsing failure) and the tokens it spent. */
export type JudgeOutcome =
  | { ok: true; fields: Record<string, unknown>; usage: Usage }
  | { ok: false; message: string; issues: SchemaIssue[]; usage: Usage; cause?: unknown }

const extractPrompt =
  'You read an answer to a question and fill in the requested fields from what the answer says. ' +
  'Do not correct the answer or add knowledge of your own; use null for a field the answer does not give.'

/**
 * Has the parsing model fill a template's schema from a raw answer, with structured outputs
 *. Output that is not JSON or does not fit the schema is a failure with zod's
 * issues — a `parsing` error turn — never a throw; a failed call throws a `ModelCallError`.
 */
export async function fillTemplate(
  parsing: ModelConfig,
  template: AnswerTemplate,
  question: string,
  raw: string,
  signal: AbortSignal,
  calls: ModelCalls,
  replay?: ReplayTally,
): Promise<JudgeOutcome> {
  const result = await chatCompletion(
    parsing,
    {
      messages: [
        { role: 'system', content: extractPrompt },
        { role: 'user', content: `Question:\n${question}\n\nAnswer:\n${raw}` },
      ],
      responseFormat: formatFor(template.schema, 'answer'),
    },
    { signal, stage: 'parse', calls, replay },
  )
  return readJson(template.schema, result.content, result.usage)
}

function traitSchema(traits: readonly LlmTrait[]): z.ZodObject {
  const shape: Record<string, z.ZodType> = {}
  for (const trait of traits) {
    if (trait.kind === 'boolean') shape[trait.name] = z.boolean()
    else if (trait.kind === 'score')
      shape[trait.name] = z
        .number()
        .int()
        .min(trait.min ?? 1)
        .max(trait.max ?? 5)
    else shape[trait.name] = z.enum((trait.labels ?? []) as [string, ...string[]])
  }
  return z.object(shape)
}

const schemas = new WeakMap<readonly LlmTrait[], z.ZodObject>()

/**
 * Has the parsing model judge the model-judged traits of a rubric on one answer, in one call:
 * `true`/`false`, a score in the trait's range, or one of its labels.
 */
export async function judgeTraits(
  parsing: ModelConfig,
  traits: readonly LlmTrait[],
  question: string,
  raw: string,
  signal: AbortSignal,
  calls: ModelCalls,
  replay?: ReplayTally,
): Promise<JudgeOutcome> {
  let schema = schemas.get(traits)
  if (schema === undefined) {
    schema = traitSchema(traits)
    schemas.set(traits, schema)
  }
  const criteria = traits
    .map((t) => {
      const scale =
        t.kind === 'boolean'
          ? 'true or false'
          : t.kind === 'score'
            ? `an integer from ${t.min} to ${t.max}`
            : `one of ${(t.labels ?? []).map((l) => `"${l}"`).join(', ')}`
      return `- ${t.name} (${scale}): ${t.description}`
    })
    .join('\n')
  const result = await chatCompletion(
    parsing,
    {
      messages: [
        {
          role: 'system',
          content: `You grade an answer to a question on each criterion below.\n${criteria}`,
        },
        { role: 'user', content: `Question:\n${question}\n\nAnswer:\n${raw}` },
      ],
      responseFormat: formatFor(schema, 'rubric'),
    },
    { signal, stage: 'rubric', calls, replay },
  )
  return readJson(schema, result.content, result.usage)
}

function readJson(schema: z.ZodObject, content: string | null, usage: Usage): JudgeOutcome {
  let data: unknown
  try {
    data = JSON.parse(content ?? '')
  } catch (error) {
    return {
      ok: false,
      message: `The parsing model did not return JSON: ${String(content).slice(0, 200)}`,
      issues: [],
      usage,
      cause: error,
    }
  }
  const parsed = schema.safeParse(data)
  if (parsed.success) return { ok: true, fields: parsed.data as Record<string, unknown>, usage }
  const issues = parsed.error.issues.map((i) => ({
    code: i.code,
    path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
    message: i.message,
  }))
  return {
    ok: false,
    message: `The parsing model's output does not fit the schema: ${issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`,
    issues,
    usage,
  }
}

/** Rubric scores from a successful trait judgement: verdicts, scores and labels as judged. */
export function traitScores(fields: Record<string, unknown>): RubricScores {
  const scores: RubricScores = {}
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string') {
      scores[name] = value
    }
  }
  return scores
}
