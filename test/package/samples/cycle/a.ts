// A deliberate import cycle (a → b → a): the sample the cycle check must reject.
import { b } from './b.js'

export const a = (): string => `a${b.length}`
