import { fileURLToPath } from 'node:url'
import { RECORD_ENV, resolveRecordingMode } from '../recordings/mode.js'
import { checkPluginOptions, type ScenarioPluginOptions } from './plugin-options.js'
import { PROVIDED_KEY, type ProvidedOptions } from './provided.js'

/** The setup entry the plugin adds to `setupFiles`. */
const SETUP_FILE = fileURLToPath(new URL('../setup/index.js', import.meta.url))

/** The Vite plugin `scenarioPlugin()` returns (the hooks Vitest calls). */
export interface ScenarioVitePlugin {
  name: 'vitest-scenario'
  config(): { test: { setupFiles: string[] } }
  configureVitest(context: {
    project: {
      config: {
        root: string
        testTimeout?: number
        snapshotOptions?: { updateSnapshot?: unknown }
      }
      provide(key: string, value: unknown): void
    }
  }): void
}

/**
 * The Vitest plugin: checks its options once, adds `vitest-scenario/setup` to `setupFiles`, and
 * hands the options to the workers. An unknown `VITEST_SCENARIO_RECORD` stops the run here.
 *
 * @example
 * // vitest.config.ts
 * export default defineConfig({ plugins: [scenarioPlugin({ recordings: { dir: 'fixtures' } })] })
 */
export function scenarioPlugin(options: ScenarioPluginOptions = {}): ScenarioVitePlugin {
  const checked = checkPluginOptions(options)
  resolveRecordingMode(undefined, process.env[RECORD_ENV])
  const recordings = checked.recordings ?? {}
  return {
    name: 'vitest-scenario',
    config: () => ({ test: { setupFiles: [SETUP_FILE] } }),
    configureVitest({ project }) {
      const provided: ProvidedOptions = {
        root: project.config.root,
        recordings: {
          dir: recordings.dir,
          allowSecrets: recordings.allowSecrets,
          redactSource: recordings.redact === undefined ? undefined : String(recordings.redact),
        },
        model: checked.model,
        parsingModel: checked.parsingModel,
        maxConcurrentCalls: checked.maxConcurrentCalls,
        turnTimeoutMs: checked.turnTimeoutMs,
        prices: checked.prices,
        updateSnapshot: readUpdateState(project.config.snapshotOptions?.updateSnapshot),
        testTimeout: project.config.testTimeout,
      }
      project.provide(PROVIDED_KEY, provided)
    },
  }
}

/** Vitest 4.0 stored the update state as a boolean; 4.1+ and 5 as `new`, `all` or `none`. */
function readUpdateState(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'boolean') return value ? 'all' : 'new'
  return undefined
}
