// A module that pulls in vitest through a relative import: the sample the vitest-free check must reject.
export { usesVitest } from './uses-vitest.mjs'
