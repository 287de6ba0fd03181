/** The shortest value the live-key rule treats as a key: real provider keys are far longer. */
export const MIN_KEY_LENGTH = 16
/** Bits of entropy per character below which a value reads as a word, not a key. */
const MIN_BITS_PER_CHARACTER = 3

/**
 * Whether a credential looks like a real key: at least 16 characters, no whitespace, and enough
 * variety (Shannon entropy ≥ 3 bits per character). Placeholders that local servers accept
 * (`none`, `test`, `EMPTY`, `ollama`, `dummy`) are not, so a recording that merely contains the
 * word "none" is not refused as holding "the live key".
 *
 * @example
 * isKeyShaped('none') // false
 * isKeyShaped('8f4e0c6a1b2d4e6f8a0c2e4f6a8b0c2d') // true
 */
export function isKeyShaped(value: string): boolean {
  if (value.length < MIN_KEY_LENGTH || /\s/.test(value)) return false
  return entropyPerCharacter(value) >= MIN_BITS_PER_CHARACTER
}

/** Shannon entropy of the characters of `value`, in bits per character. */
function entropyPerCharacter(value: string): number {
  const counts = new Map<string, number>()
  for (const char of value) counts.set(char, (counts.get(char) ?? 0) + 1)
  let bits = 0
  const length = [...value].length
  for (const count of counts.values()) {
    const p = count / length
    bits -= p * Math.log2(p)
  }
  return bits
}
