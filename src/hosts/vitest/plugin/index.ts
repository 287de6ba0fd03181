export type { HostOptions } from '../../core/host-options.js'
export type {
  PluginModelConfig,
  RecordingsOptions,
  ScenarioPluginOptions,
} from '../../core/plugin-options.js'
export type { ProvidedOptions } from './provided.js'
export type { ProjectConfig } from './resolve-options.js'
export { type ScenarioVitePlugin, scenarioPlugin } from './scenario-plugin.js'
