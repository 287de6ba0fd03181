// Text helpers of the conversation transcript: labelled blocks and JSON that stays readable.

/** A labelled text; lines after the first are indented under the label. */
export function block(label: string, text: string): string[] {
  const [first = '', ...rest] = text.split('\n')
  const pad = ' '.repeat(label.length + 2)
  return [`${label}: ${first}`.trimEnd(), ...rest.map((line) => `${pad}${line}`.trimEnd())]
}

/** JSON on one line when it is short, else indented: arguments stay readable in a diff. */
export function pretty(value: unknown): string {
  const flat = json(value)
  return flat.length <= 60 ? flat : json(value, 2)
}

/** JSON text of data a turn holds; a bigint (from `z.bigint()`) is written as `"12n"`. */
export function json(value: unknown, indent?: number): string {
  return (
    JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v), indent) ??
    'undefined'
  )
}
