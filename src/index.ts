// The test author's entry: everything in `./core.js`; `scenario()` and the matcher types come with
// the Vitest layer (a later issue).
export * from './core.js'
