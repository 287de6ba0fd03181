import { expectTypeOf, test } from 'vitest'

// The code base relies on these compiler flags (DEVELOPERS.md); these tests fail if one is lost.
test('noUncheckedIndexedAccess: an index read may be undefined', () => {
  const list: string[] = []
  const record: Record<string, number> = {}
  expectTypeOf(list[0]).toEqualTypeOf<string | undefined>()
  expectTypeOf(record.key).toEqualTypeOf<number | undefined>()
})

test('exactOptionalPropertyTypes: an optional property does not take undefined', () => {
  interface Options {
    label?: string
  }
  // @ts-expect-error -- `undefined` must be declared (`label?: string | undefined`) to be written
  const options: Options = { label: undefined }
  expectTypeOf(options).toEqualTypeOf<Options>()
})

test('strict: parameters without a type are an error', () => {
  // @ts-expect-error -- implicit any
  const identity = (value) => value
  expectTypeOf(identity).toBeFunction()
})
