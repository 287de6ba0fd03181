export { AgentCalls } from './agent-calls.js'
export { countResponse } from './count-response.js'
export { type StatedUsage, statedUsage } from './read-usage.js'
export { inAgentScope } from './scope.js'
