// Registers the matchers by hand, as a project without the plugin's setup entry would.
import { expect } from 'vitest'
import { matchers } from 'vitest-scenario/matchers'

expect.extend(matchers)
