export type { HandedOverPluginOptions, HostOptions } from './host-options.js'
export type {
  CheckedPluginOptions,
  PluginModelConfig,
  RecordingsOptions,
  ScenarioPluginOptions,
} from './plugin-options.js'
export type { ProvidedOptions } from './provided.js'
export type { ProjectConfig } from './resolve-options.js'
export { type ScenarioVitePlugin, scenarioPlugin } from './scenario-plugin.js'
