import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { scenarioPlugin } from 'vitest-scenario/plugin'

// The project's own examples, written as a user would write them. Their model calls replay from
// the top-level fixtures/ (fixtures/examples/<file>/<test id>.json): `npm run examples` needs no
// model, no key and no network. See examples/README.md for how they were recorded and how to
// record them against a real model.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  plugins: [
    scenarioPlugin({
      // The model under test and the judge that fills the answer templates. Both are reached at
      // OPENAI_BASE_URL (the openai SDK reads it) when recording; replay needs neither.
      model: { model: 'careful-model', temperature: 0 },
      parsingModel: { model: 'judge-model', temperature: 0 },
      recordings: { dir: 'fixtures' },
    }),
  ],
  test: { include: ['examples/**/*.test.ts'] },
})
