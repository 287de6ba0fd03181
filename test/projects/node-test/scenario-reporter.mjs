// The scenario reporter with a Markdown report (and the JSON report by default, with the gates
// `compare` reads), for `--test-reporter=./scenario-reporter.mjs`.
import { scenarioReporter } from 'vitest-scenario/node-test/reporter'

export default scenarioReporter({
  markdown: 'test-results/scenarios.md',
  failOn: { regressed: 1 },
})
