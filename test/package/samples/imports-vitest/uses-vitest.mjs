import { expect } from 'vitest'

export const usesVitest = typeof expect
