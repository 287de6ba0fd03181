// The Vitest reporter for scenario runs (later issue).
export {}
