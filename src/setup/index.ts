// Side-effect entry for `setupFiles` (the plugin adds it): wires recordings into each test.
// The matchers and the conversation serializer join it with the Vitest layer.
export { configureRecordings } from './recording-hooks.js'
