/** The keys a model config may have (SPEC section 6); any other key is an error. */
export const MODEL_CONFIG_KEYS: readonly string[] = Object.freeze([
  'model',
  'client',
  'baseURL',
  'apiKey',
  'temperature',
  'maxTokens',
  'systemPrompt',
])
