// What a scenario test hands the reporter: compact JSON in `task.meta.scenario`, built in the
// worker once, when the test ends (the shape is the meta schema: meta-schema.ts). Only task meta
// survives `--shard` + `--merge-reports` (blobs keep the task tree), so everything a report shows
// must be in here — and kept small, since it travels by RPC and into every blob. No vitest
// import: the worker side calls it.
import { passed, resultSet } from '../../../samples/result-set.js'
import type { ScenarioDefinition } from '../../../scenario/definition.js'
import type { ScenarioExecutionResult } from '../../../state/types.js'
import { definitionHash } from './definition-hash.js'
import { checkMetaArguments } from './meta-arguments.js'
import { addJudgements, addTexts } from './meta-budgets.js'
import { MAX_META_STRING, SCENARIO_META_VERSION } from './meta-limits.js'
import type { ScenarioMeta } from './meta-schema.js'
import { addTranscripts } from './meta-transcripts.js'
import { graphMeta, type MetaText, metaWriter } from './meta-writer.js'
import { runMeta } from './run-meta.js'

export { JUDGEMENT_BUDGET, TEXT_BUDGET, TEXT_CLIP } from './meta-budgets.js'
export { MAX_META_STRING, MAX_TRANSCRIPT_TEXT, SCENARIO_META_VERSION } from './meta-limits.js'
export type {
  JudgedTranscriptMeta,
  JudgementMeta,
  OutcomeErrorMeta,
  RunErrorMeta,
  SamplesMeta,
  ScenarioEdgeMeta,
  ScenarioGraphMeta,
  ScenarioMeta,
  ScenarioRunMeta,
  SeedMessageMeta,
  ToolCallMeta,
  TurnMeta,
  UsageMeta,
} from './meta-schema.js'
export { TRANSCRIPT_BUDGET } from './meta-transcripts.js'
// The schema itself is for readers (`read-meta.ts`, the reporters): the worker builds meta
// without it, so importing this module does not load it.
export type { MetaText } from './meta-writer.js'

const DESCRIPTION_CLIP = 200

/** Options of `scenarioMeta()`. */
export interface ScenarioMetaOptions {
  /** The scenario's `samples` option, when it has one: the results are then a sample set. */
  samples?: number | undefined
  /** The confidence of the pass-rate interval (default 0.95). */
  confidence?: number
  /**
   * Applied to every string drawn from the test's, the model's or a server's content before it
   * goes into the meta (names, node ids, labels, questions, answers, error messages, tool names):
   * `publish()` passes the test's `redact` hook and secret masking (`metaText`). `path` is the
   * string's dot path in the meta, e.g. `runs.0.turns.1.answer`. Texts are clipped after it, so
   * a secret is never cut in half before it could be recognised.
   */
  text?: MetaText | undefined
}

/**
 * Condenses a scenario's definition and its run results into the JSON the reporter reads from
 * task meta (a scenario test stores it at `task.meta.scenario` once, when the test ends).
 *
 * @example
 * task.meta.scenario = scenarioMeta(definition, [result], {})
 * task.meta.scenario = scenarioMeta(definition, set.results, { samples: 5, text: metaText() })
 */
export function scenarioMeta(
  definition: ScenarioDefinition,
  results: readonly ScenarioExecutionResult[],
  options: ScenarioMetaOptions = {},
): ScenarioMeta {
  checkMetaArguments(definition, results, options)
  const write = metaWriter(definition, options.text)
  const meta: ScenarioMeta = {
    version: SCENARIO_META_VERSION,
    name: write.text(definition.name, 'name', MAX_META_STRING),
    definition: definitionHash(definition),
    graph: graphMeta(definition, write),
    criteria: definition.outcomeCriteria.map((criterion, i) =>
      criterion.description === ''
        ? { name: write.outcome(criterion.name) }
        : {
            name: write.outcome(criterion.name),
            description: write.text(
              criterion.description,
              `criteria.${i}.description`,
              DESCRIPTION_CLIP,
            ),
          },
    ),
    runs: results.map((result, i) => runMeta(result, write, `runs.${i}`)),
  }
  if (definition.description !== '') {
    meta.description = write.text(definition.description, 'description', DESCRIPTION_CLIP)
  }
  addTexts(meta.runs, results, write)
  addJudgements(meta.runs, results, write)
  addTranscripts(meta.runs, results, write)
  if (options.samples !== undefined) {
    const set = resultSet(results, options.confidence ?? 0.95)
    meta.samples = {
      n: results.length,
      passes: set.results.filter(passed).length,
      passRate: set.passRate,
      interval: set.interval,
    }
  }
  return meta
}
