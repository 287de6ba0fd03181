// The scenario reporter with a Markdown report, for `--test-reporter=./scenario-reporter.mjs`.
import { scenarioReporter } from 'vitest-scenario/node-test/reporter'

export default scenarioReporter({ markdown: 'test-results/scenarios.md' })
