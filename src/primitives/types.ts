// Comparison primitives as plain, serializable data. Behaviour is looked up by
// `type` in one registry; the factory functions attach `check` and `score` as non-enumerable
// methods, so a primitive prints, serializes and compares as the data below.

/** A replacement table: the whole string is replaced when it equals a key. */
export interface SynonymMap {
  type: 'SynonymMap'
  map: Record<string, string>
}

/** A normalizer name, or a synonym map; normalizers apply left to right. */
export type Normalizer =
  | 'lowercase'
  | 'strip'
  | 'trim'
  | 'removePunctuation'
  | 'collapseWhitespace'
  | SynonymMap

/** How a tolerance or a graded distance is measured. */
export type DistanceMode = 'relative' | 'absolute'
/** How a graded score falls off. */
export type Decay = 'linear' | 'quadratic'
/** The units of `dateTolerance`. */
export type DateUnit = 'days' | 'hours' | 'minutes'
/** How two arrays compare as sets. */
export type SetMode = 'exact' | 'subset' | 'superset' | 'overlap'

/** The data of every primitive, by `type`. */
export type PrimitiveData =
  | { type: 'BooleanMatch' }
  | { type: 'ExactMatch'; normalize: Normalizer[] }
  | { type: 'LiteralMatch' }
  | { type: 'NumericExact' }
  | { type: 'NumericTolerance'; tolerance: number; mode: DistanceMode }
  | {
      type: 'NumericRange'
      min?: number | undefined
      max?: number | undefined
      exclusiveMin: boolean
      exclusiveMax: boolean
    }
  | { type: 'NumericMinimum'; exclusive: boolean }
  | { type: 'NumericMaximum'; exclusive: boolean }
  | { type: 'ContainsAny'; substrings: string[]; normalize: Normalizer[] }
  | { type: 'ContainsAll'; substrings: string[]; normalize: Normalizer[] }
  | { type: 'RegexMatch'; pattern: string; flags: string }
  | { type: 'SetContainment'; mode: SetMode; minOverlap: number }
  | { type: 'OrderedMatch'; normalize: Normalizer[] }
  | { type: 'DateMatch' }
  | { type: 'DateTolerance'; tolerance: number; unit: DateUnit }
  | { type: 'DateRange'; min?: string | undefined; max?: string | undefined }
  | {
      type: 'NumericGraded'
      cutoff: number
      fullCredit?: number | undefined
      mode: DistanceMode
      decay: Decay
    }
  | {
      type: 'NumericRangeGraded'
      min: number
      max: number
      margin: number
      mode: DistanceMode
      decay: Decay
    }
  | {
      type: 'NumericThresholdGraded'
      direction: 'min' | 'max'
      margin: number
      mode: DistanceMode
      decay: Decay
    }

/** The `type` tags of all primitives. */
export type PrimitiveType = PrimitiveData['type']

/** The behaviour every primitive has, looked up by `type` in the registry. */
export interface PrimitiveBehaviour {
  /** Whether `value` passes against `expected`. */
  check(value: unknown, expected?: unknown): boolean
  /** A score in [0, 1]: 1/0 from `check`, partial credit for graded primitives. */
  score(value: unknown, expected?: unknown): number
}

/** A comparison primitive: its data, plus `check` and `score` (non-enumerable). */
export type Primitive<D extends PrimitiveData = PrimitiveData> = D & PrimitiveBehaviour

/** The data of the primitive whose `type` is `T`, e.g. `DataOf<'NumericRange'>`. */
export type DataOf<T extends PrimitiveType> = Extract<PrimitiveData, { type: T }>
