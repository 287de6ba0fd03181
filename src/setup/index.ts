// Side-effect entry for `setupFiles` (the plugin adds it): registers the matchers and the
// conversation snapshot serializer, and wires recordings into each test. Vitest runs a setup file
// again for every test file, so the hooks are registered here.
import { registerRecordingHooks } from './recording-hooks.js'
import { registerMatchers } from './register-matchers.js'

registerMatchers()
registerRecordingHooks()

export { configureRecordings } from './recording-hooks.js'
