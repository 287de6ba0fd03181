// The name of one row's test for a host whose runner has no `each` of its own (node:test).
import { format } from 'node:util'

/**
 * The test name of one row of `scenario.each(rows)`, for a host whose runner has no `each`:
 * `$field` (`$a.b` nested) is the row's field, `%#` its index, `%%` a percent sign, and `%s`,
 * `%d`, `%i`, `%f`, `%j`, `%o`, `%O` take the row (an array row's items, in turn) as
 * `util.format` does. A placeholder with nothing to fill it is left as it is.
 *
 * @example
 * eachName('finds $drug (%#)', { drug: 'venetoclax' }, 0) // 'finds venetoclax (0)'
 */
export function eachName(name: string, row: unknown, index: number): string {
  const items = Array.isArray(row) ? [...row] : [row]
  return name
    .replace(/\$([\w.]+)/g, (whole, path: string) => {
      let value: unknown = row
      for (const key of path.split('.')) {
        value = typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined
      }
      return value === undefined ? whole : format('%s', value)
    })
    .replace(/%([sdifjoO#%])/g, (whole, kind: string) => {
      if (kind === '%') return '%'
      if (kind === '#') return String(index)
      return items.length === 0 ? whole : format(`%${kind}`, items.shift())
    })
}
