import { InvalidArgumentError } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'

/** What names an AI SDK language model: its id and its provider (e.g. `openai.chat`). */
export interface ModelIdentity {
  modelId: string
  provider: string
}

/**
 * Reads the id and provider of an AI SDK language model (a provider's model object, with
 * `modelId` and `doGenerate`, or a gateway model id string), or throws naming `where` and what
 * to pass. Never runs more of the value than guarded property reads.
 */
export function identifyModel(model: unknown, where: string): ModelIdentity {
  if (typeof model === 'string' && model !== '') return { modelId: model, provider: 'gateway' }
  let modelId: unknown
  let provider: unknown
  let doGenerate: unknown
  try {
    if (typeof model === 'object' && model !== null) {
      ;({ modelId, provider, doGenerate } = model as Record<string, unknown>)
    }
  } catch {
    // A value whose properties throw is described below like any other non-model.
  }
  if (typeof modelId !== 'string' || modelId === '' || typeof doGenerate !== 'function') {
    throw new InvalidArgumentError(
      `${where} needs an AI SDK language model, got ${describeValue(model)}`,
      "Pass a provider's model, e.g. createOpenAI({ fetch: recordedFetch }).chat('gpt-4.1-mini'), or a gateway model id string.",
    )
  }
  return {
    modelId,
    provider: typeof provider === 'string' && provider !== '' ? provider : 'unknown',
  }
}
