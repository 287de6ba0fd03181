#!/usr/bin/env node
// The `vitest-scenario` bin (package.json "bin"): `compare` and `promote`, run in this process
// against its working directory, environment and streams.
import { runCli } from './run-cli.js'

/** Colours when standard output is a terminal and neither NO_COLOR nor FORCE_COLOR=0 is set. */
const colors =
  process.stdout.isTTY === true &&
  (process.env.NO_COLOR ?? '') === '' &&
  process.env.FORCE_COLOR !== '0'

process.exitCode = await runCli(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  colors,
})
