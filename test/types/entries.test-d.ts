import { expectTypeOf, test } from 'vitest'
import type * as main from 'vitest-scenario'
import type * as core from 'vitest-scenario/core'
import type * as host from 'vitest-scenario/host'
import type * as matchers from 'vitest-scenario/matchers'
import type * as plugin from 'vitest-scenario/plugin'
import type * as reporter from 'vitest-scenario/reporter'
import type * as serialization from 'vitest-scenario/serialization'
import type * as setup from 'vitest-scenario/setup'

// Each import above resolves through package.json `exports` to the built `.d.ts`, by package
// name, as it does for a user with `moduleResolution: "NodeNext"`.
test('every entry point has types by package name', () => {
  expectTypeOf<typeof main>().toBeObject()
  expectTypeOf<typeof core>().toBeObject()
  expectTypeOf<typeof host>().toBeObject()
  expectTypeOf<typeof host.RecordingSession>().toBeConstructibleWith({
    file: '/r/a.json',
    displayFile: 'a.json',
    test: 'a',
    mode: 'replay',
    command: 'vitest run',
  })
  expectTypeOf<typeof matchers>().toBeObject()
  expectTypeOf<typeof plugin>().toBeObject()
  expectTypeOf<typeof reporter>().toBeObject()
  expectTypeOf<typeof serialization.SCENARIO_FORMAT_VERSION>().toEqualTypeOf<1>()
  expectTypeOf<typeof setup>().toBeObject()
})
