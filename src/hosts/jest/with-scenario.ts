// `withScenario(jestConfig, options)`: the Jest counterpart of the Vitest plugin. It runs in Jest's
// main process when `jest.config.js` is loaded, so it imports nothing of Jest's test environment.
import { fileURLToPath } from 'node:url'
import { docsPath, OPTIONS_DOCS } from '../../errors/docs-line.js'
import { InvalidArgumentError } from '../../errors/index.js'
import { describeValue } from '../../internal/describe-value.js'
import { isPlainObject } from '../../internal/is-plain-object.js'
import { RECORD_ENV, readModeOverride } from '../../recordings/mode.js'
import { resolveHostOptions } from '../core/host-options.js'
import {
  checkPluginOptions,
  type OptionsHost,
  type ScenarioPluginOptions,
} from '../core/plugin-options.js'
import { JEST_GLOBALS_KEY } from './options.js'

/** The setup entry `withScenario` adds to `setupFilesAfterEnv`, by its absolute path. */
const SETUP_FILE = fileURLToPath(new URL('./setup.js', import.meta.url))
/** The setup entry as a user lists it by hand. */
const SETUP_SPECIFIER = 'vitest-scenario/jest/setup'

/** `withScenario`'s options: those of the Vitest plugin (models, recordings, limits). */
export type WithScenarioOptions = ScenarioPluginOptions

/** The parts of a Jest config `withScenario` reads or extends; every other key is kept as it is. */
export interface JestConfigLike {
  /** Any other option of Jest's config, kept as it is (the config's own type is inferred). */
  [option: string]: unknown
  rootDir?: string | undefined
  setupFilesAfterEnv?: string[] | undefined
  globals?: Record<string, unknown> | undefined
}

const HOST: OptionsHost = {
  where: 'withScenario(jestConfig, options)',
  // No full stop after the path: it would be copied with it.
  fix: `Fix them in jest.config.js; withScenario takes the options of the Vitest plugin, every one listed in ${docsPath(OPTIONS_DOCS.plugin)}`,
}

/**
 * Adds vitest-scenario to a Jest config: the setup entry (matchers, conversation snapshot
 * serializer, recordings per test) at the front of `setupFilesAfterEnv`, and the options the
 * test files read (default models, recordings, limits) under `globals`. The options and
 * `VITEST_SCENARIO_RECORD` are checked here, once: a problem stops Jest before any test runs.
 * Relative paths (`recordings.dir`, `recordings.redact`) are resolved against `rootDir`, which
 * defaults to the directory Jest is started from.
 *
 * @example
 * // jest.config.js
 * import { withScenario } from 'vitest-scenario/jest'
 * export default withScenario({ testEnvironment: 'node' }, { model: { model: 'gpt-4.1-mini' } })
 */
export function withScenario<Config extends JestConfigLike>(
  jestConfig: Config,
  options: WithScenarioOptions = {},
): Config & { setupFilesAfterEnv: string[]; globals: Record<string, unknown> } {
  if (!isPlainObject(jestConfig)) {
    throw new InvalidArgumentError(
      `withScenario(jestConfig, options) needs your Jest config object first, got ${describeValue(jestConfig)}`,
      'Wrap the object jest.config.js exports: `export default withScenario({ testEnvironment: "node", … }, { model: … })`.',
    )
  }
  const checked = checkPluginOptions(options, HOST)
  const provided = resolveHostOptions(checked, {
    root: jestConfig.rootDir ?? process.cwd(),
    modeOverride: readModeOverride(process.env[RECORD_ENV]),
    host: HOST,
    rootName: "Jest's rootDir",
  })
  // Listed once: the setup entry registers per-test hooks, and twice would finish recordings twice.
  const setup = (jestConfig.setupFilesAfterEnv ?? []).filter(
    (file) => file !== SETUP_FILE && file !== SETUP_SPECIFIER,
  )
  return {
    ...jestConfig,
    setupFilesAfterEnv: [SETUP_FILE, ...setup],
    // JSON: Jest copies `globals` into every test environment (undefined fields are dropped).
    globals: { ...jestConfig.globals, [JEST_GLOBALS_KEY]: JSON.parse(JSON.stringify(provided)) },
  }
}
