// The matcher functions as a plain object, with no side effects (later issue).
export {}
