import { createRequire } from 'node:module'

/** The two `openai/helpers/zod` functions the library uses. */
interface ZodHelpers {
  zodResponseFormat(schema: unknown, name: string): object
  zodFunction(options: { name: string; parameters: unknown; description?: string }): object
}

const require = createRequire(import.meta.url)
let helpers: ZodHelpers | undefined

/**
 * `openai/helpers/zod`, loaded on first use. A run that has no template to fill, no judge and
 * no tool (a replayed suite, an agent under test) never loads it: with Vitest isolating each test
 * file in its own process, that import was paid once per file. It is loaded synchronously
 * because `defineTemplate` converts its schema when it is called; both `openai` majors ship the
 * helper for `require`.
 */
export function zodHelpers(): ZodHelpers {
  helpers ??= require('openai/helpers/zod') as ZodHelpers
  return helpers
}
