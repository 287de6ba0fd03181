// The scenario reporter, for `--test-reporter=./scenario-reporter.mjs`: it writes the JSON report
// `vitest-scenario compare` reads, with the gate compare applies.
import { scenarioReporter } from 'vitest-scenario/node-test/reporter'

export default scenarioReporter({ failOn: { regressed: 0 } })
