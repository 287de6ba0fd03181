/** Whether this test run starts a real llama-server, and why (or why not). */
export type LlamaActivation =
  | { readonly enabled: true; readonly reason: string }
  | { readonly enabled: false; readonly reason: string }

/** The environment variable that turns the suite on outside CI. */
export const llamaOptInVariable = 'VITEST_SCENARIO_LLAMA'

/**
 * Decides whether the llama-server suite runs. It runs on linux-x64 (the only platform whose
 * prebuilt libraries are pinned) when `CI=true` or `VITEST_SCENARIO_LLAMA=1`; everywhere else it
 * is skipped with the returned reason. When it runs, a failure to build or start fails the run.
 */
export function llamaActivation(
  env: NodeJS.ProcessEnv = process.env,
  platform: string = process.platform,
  arch: string = process.arch,
): LlamaActivation {
  if (platform !== 'linux' || arch !== 'x64') {
    return {
      enabled: false,
      reason: `llama-server tests skipped: they need linux-x64 (the prebuilt @node-llama-cpp/linux-x64 libraries), this is ${platform}-${arch}`,
    }
  }
  if (env.CI === 'true') return { enabled: true, reason: 'CI=true' }
  if (env[llamaOptInVariable] === '1') return { enabled: true, reason: `${llamaOptInVariable}=1` }
  return {
    enabled: false,
    reason: `llama-server tests skipped outside CI: set ${llamaOptInVariable}=1 (or CI=true) to build and start a real llama-server (about a minute the first time, cached in node_modules/.cache/vitest-scenario-llama)`,
  }
}
