// vitest-scenario/ai-sdk — the Vercel AI SDK adapter (optional peer `ai`, 6 or 7): an AI SDK agent
// as the agent under test, and an AI SDK model wherever the library takes a model config.
// Importing it without `ai` installed fails with a MissingPeerError naming the package.

// What `aiSdkModel` returns holds a driver: its types, for code that reads or wraps one.
export type {
  ChatResponseFormat,
  ChatToolDefinition,
  DriverAnswer,
  DriverRequest,
  ModelDriver,
} from '../models/driver.js'
export { type AiSdkAgentOptions, aiSdkAgent, DEFAULT_AGENT_STEPS } from './agent.js'
export { AiSdkBadResponseError, AiSdkCallError, AiSdkConnectionError } from './driver-error.js'
export { type AiSdkLanguageModel, type AiSdkModelConfig, aiSdkModel } from './model.js'
