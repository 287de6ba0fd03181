/**
 * The `type` of a zod schema's definition (`'object'` for `z.object`), or `undefined` for a value
 * that is not a zod schema — also one whose properties throw when read (a getter, a Proxy).
 *
 * @example
 * zodType(z.object({})) // 'object'
 */
export function zodType(value: unknown): unknown {
  try {
    return (value as { _zod?: { def?: { type?: unknown } } } | null | undefined)?._zod?.def?.type
  } catch {
    return undefined
  }
}
