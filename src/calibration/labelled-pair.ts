import type { LabelPlace } from './calibration.js'
import type { JudgeVerdict, LabelVerdict } from './statistics/confusion.js'

/** A current label with the judge's verdict on the same criterion and conversation. */
export interface LabelledPair {
  place: LabelPlace
  label: LabelVerdict
  verdict: JudgeVerdict
}
