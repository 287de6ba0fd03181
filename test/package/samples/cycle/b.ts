// The other half of the deliberate cycle in `a.ts`.
import { a } from './a.js'

export const b = (): string => `b${a.length}`
