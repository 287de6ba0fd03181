import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { scenarioPlugin } from 'vitest-scenario/plugin'

// The project's own examples, written as a user would write them. Their model calls replay from
// the top-level fixtures/ (fixtures/examples/<file>/<test id>.json): `npm run examples` needs no
// model, no key and no network. See fixtures/README.md for how they were recorded.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  plugins: [scenarioPlugin({ recordings: { dir: 'fixtures' } })],
  test: { include: ['examples/**/*.test.ts'] },
})
