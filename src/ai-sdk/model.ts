import type { generateText } from 'ai'
import type {
  ChatToolDefinition,
  DriverAnswer,
  DriverRequest,
  ModelDriver,
} from '../models/driver.js'
import { type AnswerSink, withAnswerSink } from '../recordings/call-answer.js'
import type { Usage } from '../state/types.js'
import { ai } from './ai.js'
import type { GenerateTextResultLike, UsageLike } from './ai-module.js'
import { driverError } from './driver-error.js'
import { chatToolCalls, resultUsage, usageOf } from './from-result.js'
import { identifyModel } from './language-model.js'
import { toModelMessages } from './to-model-messages.js'

/** A language model as the user's `ai` takes it: a provider's model, or a gateway model id. */
export type AiSdkLanguageModel = Parameters<typeof generateText>[0]['model']

/** A model config whose calls go through an AI SDK model (what `aiSdkModel` returns). */
export interface AiSdkModelConfig {
  /** The model's id (`languageModel.modelId`): how prices and reports name it. */
  model: string
  /** Makes each call with the AI SDK's `generateText`. */
  driver: ModelDriver
}

/**
 * Lets an AI SDK language model serve wherever the library takes a model config: the answering
 * model (its tool loop run by the library), the parsing model (templates, rubric traits), a
 * judge's model, a simulated user's model (`userModel`). Each call is one `generateText` with
 * `maxRetries: 0` (the library retries, inside its limiter), the conversation as AI SDK messages,
 * the library's tools offered without `execute` (the library runs them and calls again), and
 * structured output through `Output.object` when the library asks for JSON. Spread it to add
 * sampling settings: `{ ...aiSdkModel(model), temperature: 0 }`.
 *
 * Record its calls by giving the provider `recordedFetch` (`createOpenAI({ fetch: recordedFetch })`).
 *
 * @example
 * const judge = aiSdkModel(createOpenAI({ fetch: recordedFetch }).chat('gpt-4.1-mini'))
 * await run({ parsingModel: judge })
 */
export function aiSdkModel(languageModel: AiSdkLanguageModel): AiSdkModelConfig {
  const { modelId, provider } = identifyModel(languageModel, 'aiSdkModel(languageModel)')
  const name = `ai-sdk:${provider}`
  const driver: ModelDriver = {
    name,
    complete: (request, { signal }) => complete(languageModel, modelId, request, signal),
  }
  return { model: modelId, driver }
}

/**
 * One call. The call's signal carries an `AnswerSink` (the AI SDK hands the signal it is given to
 * the provider's `fetch`): a `recordedFetch` leaves the session's answer there, and the recorded
 * latency of a replayed call is read from it.
 */
function complete(
  model: AiSdkLanguageModel,
  modelId: string,
  request: DriverRequest,
  signal: AbortSignal,
): Promise<DriverAnswer> {
  const sink: AnswerSink = { answer: undefined }
  return withAnswerSink(signal, sink, (own) => generate(model, modelId, request, own, sink))
}

async function generate(
  model: AiSdkLanguageModel,
  modelId: string,
  request: DriverRequest,
  signal: AbortSignal,
  sink: AnswerSink,
): Promise<DriverAnswer> {
  const prompt = toModelMessages(request.messages, `aiSdkModel('${modelId}')`)
  const options: Record<string, unknown> = {
    model,
    messages: prompt.messages,
    // The library owns retries: one attempt per call, its retry loop around it.
    maxRetries: 0,
    abortSignal: signal,
  }
  if (prompt.system !== undefined) options.system = prompt.system
  if (prompt.systemInMessages) options.allowSystemInMessages = true
  if (request.tools.length > 0) options.tools = toolSet(request.tools)
  const format = request.responseFormat
  if (format !== undefined) {
    options.output = ai.Output.object({
      schema: ai.jsonSchema(format.json_schema.schema),
      name: format.json_schema.name,
    })
  }
  if (request.temperature !== undefined) options.temperature = request.temperature
  if (request.maxTokens !== undefined) options.maxOutputTokens = request.maxTokens
  let result: GenerateTextResultLike
  try {
    result = await ai.generateText(options)
  } catch (error) {
    const unparsed = unparsedObject(error, sink)
    if (unparsed !== undefined) return unparsed
    throw driverError(error)
  }
  return {
    content: format === undefined ? result.text : structuredText(result),
    toolCalls: chatToolCalls(result.toolCalls),
    usage: resultUsage(result) ?? zeroUsage(),
    ...replayed(sink),
  }
}

/** The library's tool definitions as AI SDK tools without `execute`: the model may only call them. */
function toolSet(tools: readonly ChatToolDefinition[]): Record<string, unknown> {
  const set: Record<string, unknown> = {}
  for (const { function: fn } of tools) {
    set[fn.name] = {
      ...(fn.description === undefined ? {} : { description: fn.description }),
      inputSchema: ai.jsonSchema(fn.parameters),
      ...(fn.strict === undefined ? {} : { strict: fn.strict }),
    }
  }
  return set
}

/**
 * The structured answer as JSON text: the object the AI SDK parsed (some providers hand it over
 * apart from the text), else the text.
 */
function structuredText(result: GenerateTextResultLike): string {
  let output: unknown
  try {
    output = result.output
  } catch {
    // `ai` 6 throws when there is no output (the model called a tool instead): the text stands.
    return result.text
  }
  return output === undefined ? result.text : JSON.stringify(output)
}

/**
 * A structured answer the AI SDK could not parse (`NoObjectGeneratedError`, read by name): its
 * text goes to the library, which reports it as a `parsing` failure with the schema's issues.
 */
function unparsedObject(error: unknown, sink: AnswerSink): DriverAnswer | undefined {
  if (!(error instanceof Error) || error.name !== 'AI_NoObjectGeneratedError') return undefined
  const { text, usage, response } = error as {
    text?: unknown
    usage?: UsageLike
    response?: { modelId?: unknown }
  }
  if (typeof text !== 'string') return undefined
  return {
    content: text,
    toolCalls: [],
    usage: usageOf(usage, response?.modelId) ?? zeroUsage(),
    ...replayed(sink),
  }
}

/** The recorded latency, when the session answered the call from its recording. */
function replayed(sink: AnswerSink): { recordedDurationMs?: number } {
  const ms = sink.answer?.replayedMs
  return ms === undefined ? {} : { recordedDurationMs: ms }
}

function zeroUsage(): Usage {
  return { input: 0, output: 0, cached: 0, cacheWrite: 0 }
}
