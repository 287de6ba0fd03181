// Imports only 'vitest-scenario/core', which carries no matcher types: this file must not compile.
import { expect } from 'vitest'
import type { ScenarioExecutionResult } from 'vitest-scenario/core'

declare const result: ScenarioExecutionResult

expect(result).toHaveStatus('completed')
