// The test author's entry: everything in `./core.js`, plus `scenario()` and the matcher types (later issues).
export {}
