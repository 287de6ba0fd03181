import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { repoRoot, resultsDir } from '../paths.js'
import { llamaActivation } from './activation.js'
import { llamaApiKey, llamaModel } from './llama-context.js'
import { prepareLlama } from './prepare-llama.js'
import { startLlamaServer } from './start-server.js'

/** Where the built llama-server and model are cached between runs. */
export const llamaCacheRoot = join(repoRoot, 'node_modules', '.cache', 'vitest-scenario-llama')

const log = (message: string): void => {
  console.log(`[llama] ${message}`)
}

/**
 * Vitest globalSetup: on linux-x64 with `CI=true` or `VITEST_SCENARIO_LLAMA=1`, builds (or takes
 * from the cache) llama.cpp's llama-server and the tiny test model, starts the server on
 * 127.0.0.1 with an ephemeral port and provides its base URL as `llamaBaseURL`; stops it
 * (SIGTERM) on teardown. Elsewhere it provides `llamaBaseURL: null` and the skip reason. When the
 * suite is on, any failure fails the run.
 */
export default async function setup(
  project: TestProject,
): Promise<(() => Promise<void>) | undefined> {
  const activation = llamaActivation()
  if (!activation.enabled) {
    log(activation.reason)
    project.provide('llamaBaseURL', null)
    project.provide('llamaSkipReason', activation.reason)
    return undefined
  }
  try {
    const t0 = performance.now()
    const artifacts = await prepareLlama({ cacheRoot: llamaCacheRoot, log })
    const server = await startLlamaServer({
      serverPath: artifacts.serverPath,
      modelPath: artifacts.modelPath,
      alias: llamaModel,
      apiKey: llamaApiKey,
      logPath: join(resultsDir, 'llama', 'llama-server.log'),
    })
    const total = ((performance.now() - t0) / 1000).toFixed(2)
    log(
      `llama-server ready at ${server.baseURL} (pid ${server.pid}, ${artifacts.built ? 'built now' : 'cached build'}, started in ${(server.startMs / 1000).toFixed(2)} s, setup ${total} s; log: ${server.logPath})`,
    )
    project.provide('llamaBaseURL', server.baseURL)
    project.provide('llamaSkipReason', null)
    return () => server.stop()
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    throw new Error(
      `[llama] the llama-server suite is on (${activation.reason}) but its server could not be built or started. ` +
        'It needs linux-x64, the npm registry (npm pack), git, cmake, make and a C++ compiler; ' +
        `to force a rebuild, delete ${llamaCacheRoot}.\n${message}`,
      { cause: error },
    )
  }
}
