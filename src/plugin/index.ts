export type { HostOptions } from '../hosts/core/host-options.js'
export type {
  PluginModelConfig,
  RecordingsOptions,
  ScenarioPluginOptions,
} from '../hosts/core/plugin-options.js'
export type { ProvidedOptions } from './provided.js'
export type { ProjectConfig } from './resolve-options.js'
export { type ScenarioVitePlugin, scenarioPlugin } from './scenario-plugin.js'
