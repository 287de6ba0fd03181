export type {
  PluginModelConfig,
  RecordingsOptions,
  ScenarioPluginOptions,
} from './plugin-options.js'
export { type ScenarioVitePlugin, scenarioPlugin } from './scenario-plugin.js'
