/**
 * Hosts of the providers whose calls are model calls (the security guide lists them): OpenAI,
 * Anthropic, Google (Gemini and Vertex AI), Mistral, Groq, OpenRouter, Together, Fireworks,
 * DeepSeek, xAI and Cohere, by exact name.
 */
const PROVIDER_HOSTS = new Set([
  'api.openai.com',
  'api.anthropic.com',
  'generativelanguage.googleapis.com',
  'aiplatform.googleapis.com',
  'api.mistral.ai',
  'api.groq.com',
  'openrouter.ai',
  'api.together.xyz',
  'api.together.ai',
  'api.fireworks.ai',
  'api.deepseek.com',
  'api.x.ai',
  'api.cohere.com',
  'api.cohere.ai',
])

/** Provider hosts named by a pattern: Azure OpenAI resources, Vertex AI regions, Bedrock runtime. */
const PROVIDER_HOST_PATTERNS = [
  /\.openai\.azure\.com$/,
  /(^|[.-])aiplatform\.googleapis\.com$/,
  /^bedrock-runtime(-fips)?\.[a-z0-9-]+\.amazonaws\.com$/,
]

/** Paths of the model APIs every OpenAI-compatible, Anthropic-style or Gemini-style server serves. */
const MODEL_PATHS = /(\/chat\/completions|\/responses|\/messages|:generateContent)$/

/**
 * Whether a request to `url` looks like a model call: a known provider's host, or a path ending
 * in `/chat/completions`, `/responses`, `/messages` or `:generateContent` (any host: a proxy, a
 * gateway, a self-hosted server).
 *
 * @example
 * looksLikeModelCall(new URL('https://api.openai.com/v1/models')) // true
 * looksLikeModelCall(new URL('https://gateway.example.com/v1/chat/completions')) // true
 * looksLikeModelCall(new URL('https://api.example.com/weather')) // false
 */
export function looksLikeModelCall(url: URL): boolean {
  const host = url.hostname.toLowerCase().replace(/\.$/, '')
  if (PROVIDER_HOSTS.has(host)) return true
  if (PROVIDER_HOST_PATTERNS.some((pattern) => pattern.test(host))) return true
  return MODEL_PATHS.test(url.pathname.replace(/\/+$/, ''))
}
