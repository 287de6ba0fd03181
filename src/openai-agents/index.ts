/**
 * `vitest-scenario/openai-agents`: an OpenAI Agents SDK agent (`@openai/agents`, an optional peer
 * dependency) as the answering side of a scenario. Importing this entry without the SDK installed
 * throws a `MissingPeerError` naming the package and the install command.
 *
 * @example
 * import { openAIAgent } from 'vitest-scenario/openai-agents'
 * const result = await runScenario(definition, { model: openAIAgent(triageAgent) })
 *
 * @module
 */
export { type OpenAIAgentOptions, openAIAgent } from './open-ai-agent.js'
