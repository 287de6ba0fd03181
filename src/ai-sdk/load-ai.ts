import { MissingPeerError } from '../errors/index.js'
import { isMissingPackage } from '../internal/is-missing-package.js'
import type { AiModule } from './ai-module.js'

/** The peer range this adapter supports (package.json's `peerDependencies`). */
export const AI_RANGE = '^6 || ^7'

/**
 * Loads the user's `ai` package through `load` (a dynamic import: a static one would fail before
 * any code of this entry runs, with Node's bare `ERR_MODULE_NOT_FOUND`). `ai` not installed is a
 * `MissingPeerError` naming it and the install command; a package that lacks what the adapter
 * calls (an `ai` older than 6) says which version is needed. Anything else `load` throws (a
 * missing dependency of `ai` itself) is passed on unchanged.
 */
export async function loadAi(load: () => Promise<unknown>): Promise<AiModule> {
  let loaded: unknown
  try {
    loaded = await load()
  } catch (error) {
    if (isMissingPackage(error, 'ai')) {
      throw new MissingPeerError(
        {
          peer: 'ai',
          entry: 'vitest-scenario/ai-sdk',
          range: AI_RANGE,
          install: 'npm i -D ai (and the provider you use, e.g. @ai-sdk/openai)',
        },
        { cause: error },
      )
    }
    throw error
  }
  const missing = missingExports(loaded)
  if (missing.length > 0) {
    throw new MissingPeerError({
      peer: 'ai',
      entry: 'vitest-scenario/ai-sdk',
      range: AI_RANGE,
      install: `npm i -D ai@latest (the installed 'ai' lacks ${missing.join(', ')}: it is older than 6)`,
      found: true,
    })
  }
  return loaded as AiModule
}

function missingExports(loaded: unknown): string[] {
  if (typeof loaded !== 'object' || loaded === null) return ['generateText']
  const module = loaded as Record<string, unknown>
  const missing = ['generateText', 'stepCountIs', 'jsonSchema'].filter(
    (name) => typeof module[name] !== 'function',
  )
  const output = module.Output as { object?: unknown } | undefined
  if (typeof output?.object !== 'function') missing.push('Output.object')
  return missing
}
