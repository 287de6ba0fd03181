// Random comparison primitives and JSON values for the serialization properties.
import fc from 'fast-check'
import {
  booleanMatch,
  containsAll,
  containsAny,
  dateMatch,
  dateRange,
  dateTolerance,
  exactMatch,
  literalMatch,
  type Normalizer,
  numericExact,
  numericGraded,
  numericMaximum,
  numericMinimum,
  numericRange,
  numericRangeGraded,
  numericThresholdGraded,
  numericTolerance,
  orderedMatch,
  type Primitive,
  regexMatch,
  setContainment,
  synonymMap,
} from '../../../src/core.js'

function hasProtoKey(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  return Object.keys(value).some(
    (key) => key === '__proto__' || hasProtoKey((value as Record<string, unknown>)[key]),
  )
}

/**
 * JSON data of small depth. Keys named `__proto__` are left out: the builder's plain-data copy
 * assigns keys, which would set a prototype instead (a known limit of the builder, not of JSON).
 */
export const jsonArb: fc.Arbitrary<unknown> = fc
  .jsonValue({ maxDepth: 2 })
  .filter((value) => !hasProtoKey(value))

/** A JSON object (metadata, ground truth). */
export const jsonObjectArb: fc.Arbitrary<Record<string, unknown>> = fc
  .dictionary(fc.string({ maxLength: 6 }), jsonArb, { maxKeys: 3, noNullPrototype: true })
  .filter((value) => !hasProtoKey(value))

const wordArb = fc.constantFrom('a', 'b', 'yes', 'no', 'Venetoclax', 'abt-199', ' x ')

/** A list of normalizers, a synonym map sometimes among them. */
export const normalizersArb: fc.Arbitrary<Normalizer[]> = fc
  .tuple(
    fc.subarray(['lowercase', 'strip', 'trim', 'removePunctuation', 'collapseWhitespace'] as const),
    fc.option(fc.dictionary(wordArb, wordArb, { maxKeys: 2, noNullPrototype: true }), {
      nil: undefined,
    }),
  )
  .map(([names, map]) => (map === undefined ? [...names] : [...names, synonymMap(map)]))

const numberArb = fc.integer({ min: -5, max: 10 })
const modeArb = fc.constantFrom('relative' as const, 'absolute' as const)
const decayArb = fc.constantFrom('linear' as const, 'quadratic' as const)
const isoArb = fc.constantFrom('2024-05-01', '2024-05-01T12:00:00.000Z', '2023-12-31T23:59:00Z')

/** Any primitive, built by its factory with random options. */
export const primitiveArb: fc.Arbitrary<Primitive> = fc.oneof(
  fc.constant(null).map(() => booleanMatch()),
  normalizersArb.map((normalize) => exactMatch({ normalize })),
  fc.constant(null).map(() => literalMatch()),
  fc.constant(null).map(() => numericExact()),
  fc
    .record({ tolerance: fc.constantFrom(0, 0.1, 2), mode: modeArb })
    .map((o) => numericTolerance(o)),
  fc
    .record({ min: numberArb, exclusiveMin: fc.boolean(), exclusiveMax: fc.boolean() })
    .map((o) => numericRange({ ...o, max: o.min + 3 })),
  fc.boolean().map((exclusive) => numericMinimum({ exclusive })),
  fc.boolean().map((exclusive) => numericMaximum({ exclusive })),
  fc
    .tuple(fc.array(wordArb, { minLength: 1, maxLength: 3 }), normalizersArb)
    .map(([list, normalize]) => containsAny(list, { normalize })),
  fc
    .tuple(fc.array(wordArb, { minLength: 1, maxLength: 3 }), normalizersArb)
    .map(([list, normalize]) => containsAll(list, { normalize })),
  fc
    .tuple(fc.constantFrom('^y', 'es$', '\\d+', 'a|b'), fc.constantFrom('', 'i', 'is', 'gi'))
    .map(([pattern, flags]) => regexMatch(pattern, { flags })),
  fc.constantFrom('exact', 'subset', 'superset').map((mode) => setContainment(mode)),
  fc.integer({ min: 1, max: 3 }).map((minOverlap) => setContainment('overlap', { minOverlap })),
  normalizersArb.map((normalize) => orderedMatch({ normalize })),
  fc.constant(null).map(() => dateMatch()),
  fc
    .record({
      tolerance: fc.constantFrom(1, 2.5),
      unit: fc.constantFrom('days', 'hours', 'minutes'),
    })
    .map((o) => dateTolerance(o as Parameters<typeof dateTolerance>[0])),
  fc
    .record({ min: fc.option(isoArb, { nil: undefined }), to: fc.boolean() })
    .map(({ min, to }) =>
      dateRange({ min, ...(to ? { max: new Date('2025-01-01T00:00:00Z') } : {}) }),
    ),
  fc
    .record({
      cutoff: fc.constantFrom(0.1, 0.5),
      full: fc.boolean(),
      mode: modeArb,
      decay: decayArb,
    })
    .map(({ cutoff, full, mode, decay }) =>
      numericGraded({ cutoff, mode, decay, ...(full ? { fullCredit: 0.05 } : {}) }),
    ),
  fc
    .record({ min: numberArb, margin: fc.constantFrom(1, 2), mode: modeArb, decay: decayArb })
    .map((o) => numericRangeGraded({ ...o, max: o.min + 2 })),
  fc
    .record({
      direction: fc.constantFrom('min' as const, 'max' as const),
      margin: fc.constantFrom(1, 3),
    })
    .map((o) => numericThresholdGraded(o)),
)
