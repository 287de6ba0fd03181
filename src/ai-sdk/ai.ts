import type { AiModule } from './ai-module.js'
import { loadAi } from './load-ai.js'

/**
 * The user's `ai` package, loaded once when `vitest-scenario/ai-sdk` is imported: without it the
 * import fails with a `MissingPeerError` naming the package and the install command.
 */
export const ai: AiModule = await loadAi(() => import('ai'))
