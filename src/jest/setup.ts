// Side-effect entry for Jest's `setupFilesAfterEnv`: registers the scenario matchers and the
// conversation snapshot serializer with Jest's `expect`. Jest runs it before every test file.
import { registerJestMatchers } from './register-matchers.js'

registerJestMatchers()
