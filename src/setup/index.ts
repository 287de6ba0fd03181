// Side-effect entry for `setupFiles` (the plugin adds it): wires recordings into each test.
// Vitest runs a setup file again for every test file, so the hooks are registered here.
// The matchers and the conversation serializer join it with the Vitest layer.
import { registerRecordingHooks } from './recording-hooks.js'

registerRecordingHooks()

export { configureRecordings } from './recording-hooks.js'
