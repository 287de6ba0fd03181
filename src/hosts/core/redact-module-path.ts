import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { type OptionsHost, pluginOptionError } from './plugin-options.js'

/**
 * The `recordings.redact` module's absolute path (resolved against the project root); a module
 * that is not there stops the run here, in the main process, before any worker starts.
 *
 * @example
 * redactModulePath('/project', './test/redact.ts') // '/project/test/redact.ts'
 */
export function redactModulePath(
  root: string,
  path: string | undefined,
  host?: OptionsHost,
  rootName = 'the Vitest root',
): string | undefined {
  if (path === undefined) return undefined
  const file = resolve(root, path)
  if (!existsSync(file)) {
    throw pluginOptionError(
      ['recordings', 'redact'],
      `a module that exists (looked for ${file}, against ${rootName} ${root})`,
      path,
      host,
    )
  }
  return file
}
