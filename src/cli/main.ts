#!/usr/bin/env node
// The `vitest-scenario` bin (package.json "bin"): its commands (`compare`, `label`, …), run in this process
// against its working directory, environment and streams.
import { colorsEnabled } from '../reporter/terminal.js'
import { runCli } from './run-cli.js'

process.exitCode = await runCli(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  // The reports' rule: NO_COLOR, FORCE_COLOR, else whether standard output is a terminal.
  colors: colorsEnabled(process.stdout, process.env),
  // `label` reads keys from it (in raw mode, on a terminal only).
  stdin: process.stdin,
})
