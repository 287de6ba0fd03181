import { fileURLToPath } from 'node:url'
import { RECORD_ENV, readModeOverride } from '../../../recordings/mode.js'
import { checkPluginOptions, type ScenarioPluginOptions } from '../../core/plugin-options.js'
import { PROVIDED_KEY, type ProvidedOptions } from './provided.js'
import { type ProjectConfig, resolveProvidedOptions } from './resolve-options.js'

/** The setup entry the plugin adds to `setupFiles`. */
const SETUP_FILE = fileURLToPath(new URL('../setup/index.js', import.meta.url))

/** The Vite plugin `scenarioPlugin()` returns (the hooks Vitest calls). */
export interface ScenarioVitePlugin {
  name: 'vitest-scenario'
  config(): { test: { setupFiles: string[] } }
  configureVitest(context: {
    project: {
      config: ProjectConfig
      provide(key: typeof PROVIDED_KEY, value: ProvidedOptions): void
    }
  }): void
}

/**
 * The Vitest plugin: checks its options and `VITEST_SCENARIO_RECORD` once (a problem stops the run
 * here), adds `vitest-scenario/setup` to `setupFiles`, and hands the workers one resolved object
 * (`inject('vitest-scenario')`).
 *
 * @example
 * // vitest.config.ts
 * export default defineConfig({ plugins: [scenarioPlugin({ recordings: { dir: 'fixtures' } })] })
 */
export function scenarioPlugin(options: ScenarioPluginOptions = {}): ScenarioVitePlugin {
  const checked = checkPluginOptions(options)
  const modeOverride = readModeOverride(process.env[RECORD_ENV])
  return {
    name: 'vitest-scenario',
    config: () => ({ test: { setupFiles: [SETUP_FILE] } }),
    configureVitest({ project }) {
      project.provide(PROVIDED_KEY, resolveProvidedOptions(checked, project.config, modeOverride))
    },
  }
}
