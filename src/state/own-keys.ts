const hasOwn = Object.prototype.hasOwnProperty

/**
 * Writes `record[key]` as an own property. Node ids and state keys are arbitrary strings, and
 * assigning to `'__proto__'` would set the prototype instead of a key.
 */
export function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') {
    Object.defineProperty(record, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    })
  } else {
    record[key] = value
  }
}

/** Reads `record[key]` only when it is an own property (never an `Object.prototype` member). */
export function getOwn<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return hasOwn.call(record, key) ? record[key] : undefined
}
