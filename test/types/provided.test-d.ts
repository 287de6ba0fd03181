import { describe, expectTypeOf, inject, test } from 'vitest'
import type { ProvidedOptions } from '../../src/hosts/vitest/plugin/provided.js'
import type { RecordingMode } from '../../src/recordings/mode.js'

describe("inject('vitest-scenario')", () => {
  test('is typed by the ProvidedContext augmentation: no cast in a worker', () => {
    expectTypeOf(inject('vitest-scenario')).toEqualTypeOf<ProvidedOptions | undefined>()
    expectTypeOf<ProvidedOptions['mode']>().toEqualTypeOf<RecordingMode>()
    expectTypeOf<ProvidedOptions['updateState']>().toEqualTypeOf<'new' | 'all' | 'none'>()
  })
})
