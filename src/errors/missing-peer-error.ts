import { ScenarioError } from './scenario-error.js'

/**
 * An adapter entry (`vitest-scenario/openai-agents`, …) was imported, but the SDK it adapts — an
 * optional peer dependency, installed only by those who use it — could not be loaded. Thrown at
 * the import, in place of Node's `ERR_MODULE_NOT_FOUND`, naming the package and the install
 * command.
 */
export class MissingPeerError extends ScenarioError {
  override name = 'MissingPeerError'
  /** The package that could not be loaded, e.g. `@openai/agents`. */
  readonly packageName: string
  /** The adapter entry that needs it, e.g. `vitest-scenario/openai-agents`. */
  readonly entry: string

  constructor(
    packageName: string,
    entry: string,
    range: string,
    found: boolean,
    options?: ErrorOptions,
  ) {
    super(
      'missing_peer',
      found
        ? {
            what: `${entry} could not load ${packageName}: it is installed, but importing it failed`,
            subjects: [`package: ${packageName} (supported: ${range})`, `entry: ${entry}`],
            fix: `Reinstall it (npm install --save-dev ${packageName}@'${range}'); the cause says what failed.`,
          }
        : {
            what: `${entry} needs ${packageName}, which is not installed`,
            subjects: [`package: ${packageName} (supported: ${range})`, `entry: ${entry}`],
            fix: `Install it beside vitest-scenario: npm install --save-dev ${packageName}`,
          },
      options,
    )
    this.packageName = packageName
    this.entry = entry
  }
}
