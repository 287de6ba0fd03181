// The `failOn` gates as flags: `compare` and `github` take the same three, read the same way, and
// a flag wins over the project's gate of the same name.
import type { FailOnGates } from '../results/results-report.js'
import { type CliResult, ok } from './cli-failure.js'
import { numberFlag, type ParsedArgs } from './parse-command-args.js'

/** The gate flags' definitions for Node's argument parser. */
export const GATE_FLAGS = {
  'fail-on-regressed': { type: 'string' },
  'fail-on-worse': { type: 'boolean' },
  'fail-on-cost-increase': { type: 'string' },
} as const

/** The gates the flags set (only those given), or the usage error of a bad number. */
export function gateFlags(values: ParsedArgs['values']): CliResult<FailOnGates> {
  const regressed = numberFlag('fail-on-regressed', values['fail-on-regressed'], true)
  if (!regressed.ok) return regressed
  const cost = numberFlag('fail-on-cost-increase', values['fail-on-cost-increase'], false)
  if (!cost.ok) return cost
  const gates: FailOnGates = {}
  if (regressed.value !== undefined) gates.regressed = regressed.value
  if (values['fail-on-worse'] === true) gates.worse = true
  if (cost.value !== undefined) gates.costIncrease = cost.value
  return ok(gates)
}
