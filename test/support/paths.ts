import { fileURLToPath } from 'node:url'

/** The repository root, whatever the working directory of the test run. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url))

/** Where tests write what they produce; git-ignored. */
export const resultsDir = fileURLToPath(new URL('../../test-results/', import.meta.url))
