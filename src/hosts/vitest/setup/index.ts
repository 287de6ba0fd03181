// Side-effect entry for `setupFiles` (the plugin adds it): registers the matchers and the
// conversation snapshot serializer, sizes the worker's limiter, loads the plugin's `redact` module,
// and wires recordings into each test. Vitest runs a setup file again for every test file, so the
// hooks are registered here, with this file's host.
//
// Every test file pays for what this loads, so it loads only what must be registered before the
// file runs: the matchers (synchronous, so loaded now; the judge matcher's model client is not),
// the serializer and the hooks. What the hooks do (recordings, the network seal and its
// interception library) is imported apart: here when the plugin is installed (every test of a
// recording mode is sealed), else by the hooks when a test runs.
import { processLimiter } from '../../../models/limiter.js'
import { redactHookOf } from '../../core/redact-module.js'
import { providedOptions } from './provided-options.js'
import { preloadTestRun, registerRecordingHooks } from './recording-hooks.js'
import { registerMatchers } from './register-matchers.js'
import type { VitestHost } from './running-test.js'

const provided = providedOptions()
const host: VitestHost = { redact: undefined }
if (provided !== undefined) {
  // The limiter belongs to the host: the plugin's size applies to every run of this worker that
  // is not given a limiter of its own (the same value each time this file runs again).
  processLimiter.capacity = provided.maxConcurrentCalls
  const redact = provided.recordings.redactModule
  // Imported here, in the setup file itself: Vitest runs setup files through its module runner,
  // so the user's module may be TypeScript on any Node version (a module of this package in
  // node_modules is loaded by Node itself, which cannot import a `.ts` file on Node 20).
  if (redact !== undefined) {
    host.redact = redactHookOf(redact, await import(/* @vite-ignore */ redact))
  }
  // The recordings and the seal's interceptors, which every test of a recording mode needs.
  await preloadTestRun(provided.mode !== 'off')
}

registerMatchers()
registerRecordingHooks(host)

export { configureRecordings } from './recording-hooks.js'
