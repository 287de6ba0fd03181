// Reads the options reference (docs/reference/options.md) and walks zod option schemas, so a test
// can hold the two against each other: every option a schema takes has a row, every row is an
// option, and a documented default is the schema's.
import { z } from 'zod'
import { tableCells } from './docs.js'
import { headingSlug } from './github-anchors.js'

/** One option a schema takes, at its dotted path (`recordings.dir`; `*` for a record's keys). */
export interface SchemaOption {
  /** Whether leaving it out is an error (inside its parent object, when that is given). */
  readonly required: boolean
  /** The schema's own default (`.default(…)`), when it has one. */
  readonly default?: { readonly value: unknown }
  /** The name of the shared schema it is (see `refs`): documented once, not walked into. */
  readonly ref?: string
}

/**
 * The options an object schema takes, by dotted path: each key, and the keys of the objects
 * inside it (through optional, default, nullable, readonly, pipe, lazy and union), with `*` for
 * the keys of a record. A schema in `refs` (say the model config, shared by every options object)
 * is one option, not walked into; neither are arrays, functions and other values.
 */
export function schemaOptions(
  schema: z.ZodType,
  refs: ReadonlyMap<z.ZodType, string> = new Map(),
): Map<string, SchemaOption> {
  const found = new Map<string, SchemaOption>()
  const objects = objectsIn(unwrap(schema).inner)
  if (objects.length === 0) throw new Error('schemaOptions() needs an object schema')
  for (const object of objects) walkShape(object, '', refs, found)
  return found
}

function walkShape(
  object: z.ZodObject,
  prefix: string,
  refs: ReadonlyMap<z.ZodType, string>,
  found: Map<string, SchemaOption>,
): void {
  for (const [key, field] of Object.entries(object.shape)) {
    walkField(field as z.ZodType, `${prefix}${key}`, refs, found)
  }
}

function walkField(
  field: z.ZodType,
  path: string,
  refs: ReadonlyMap<z.ZodType, string>,
  found: Map<string, SchemaOption>,
): void {
  const { inner, required, defaultValue } = unwrap(field)
  const ref = refOf(inner, refs)
  found.set(path, {
    required,
    ...(defaultValue === undefined ? {} : { default: defaultValue }),
    ...(ref === undefined ? {} : { ref }),
  })
  if (ref !== undefined) return
  for (const object of objectsIn(inner)) walkShape(object, `${path}.`, refs, found)
  if (inner instanceof z.ZodRecord) {
    const value = unwrap(inner.valueType as z.ZodType).inner
    const objects = objectsIn(value)
    if (objects.length === 0) walkField(inner.valueType as z.ZodType, `${path}.*`, refs, found)
    for (const object of objects) walkShape(object, `${path}.*.`, refs, found)
  }
}

interface Unwrapped {
  inner: z.ZodType
  required: boolean
  defaultValue: { value: unknown } | undefined
}

/** The schema under its wrappers, whether they make it optional, and the default they give. */
function unwrap(schema: z.ZodType): Unwrapped {
  let inner = schema
  let required = true
  let defaultValue: { value: unknown } | undefined
  for (;;) {
    if (inner instanceof z.ZodOptional) {
      required = false
      inner = inner.unwrap() as z.ZodType
    } else if (inner instanceof z.ZodDefault || inner instanceof z.ZodPrefault) {
      required = false
      defaultValue ??= { value: inner.def.defaultValue }
      inner = inner.def.innerType as z.ZodType
    } else if (
      inner instanceof z.ZodNullable ||
      inner instanceof z.ZodReadonly ||
      inner instanceof z.ZodCatch
    ) {
      inner = inner.def.innerType as z.ZodType
    } else if (inner instanceof z.ZodPipe) {
      // The options a user writes are the pipe's input (a transform's input is its `in`).
      const input = inner.def.in as z.ZodType
      inner = input instanceof z.ZodTransform ? (inner.def.out as z.ZodType) : input
    } else if (inner instanceof z.ZodLazy) {
      inner = inner.def.getter() as z.ZodType
    } else {
      return { inner, required, defaultValue }
    }
  }
}

/** The shared schema `schema` is, or the one a branch of its union is. */
function refOf(schema: z.ZodType, refs: ReadonlyMap<z.ZodType, string>): string | undefined {
  const ref = refs.get(schema)
  if (ref !== undefined) return ref
  if (schema instanceof z.ZodUnion) {
    for (const option of schema.options) {
      const inner = refOf(unwrap(option as z.ZodType).inner, refs)
      if (inner !== undefined) return inner
    }
  }
  return undefined
}

/** The object schemas `schema` is: itself, or its union's object branches. */
function objectsIn(schema: z.ZodType): z.ZodObject[] {
  if (schema instanceof z.ZodObject) return [schema]
  if (schema instanceof z.ZodUnion) {
    return schema.options.flatMap((option) => objectsIn(unwrap(option as z.ZodType).inner))
  }
  return []
}

/** A `##` section of a Markdown page: its heading, anchor and text up to the next `#`/`##`. */
export interface DocSection {
  readonly heading: string
  readonly anchor: string
  readonly text: string
}

/** The page's `##` sections, in order (fenced code is skipped when looking for headings). */
export function docSections(markdown: string): DocSection[] {
  const sections: { heading: string; anchor: string; lines: string[] }[] = []
  let fenced = false
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced
    const heading = fenced ? null : /^(#{1,2}) (.+)$/.exec(line)
    if (heading !== null) {
      const text = heading[2] ?? ''
      sections.push({
        heading: text,
        anchor: heading[1] === '##' ? headingSlug(text) : '',
        lines: [],
      })
      continue
    }
    sections.at(-1)?.lines.push(line)
  }
  return sections
    .filter((section) => section.anchor !== '')
    .map(({ heading, anchor, lines }) => ({ heading, anchor, text: lines.join('\n') }))
}

/** The header of an options table. */
export const OPTIONS_TABLE_HEADER = ['option', 'type', 'default', 'what it does'] as const

/** One row of an options table, its cells as written (code spans keep their backticks). */
export interface OptionRow {
  /** The option's dotted path, with `<placeholder>` segments written `*`. */
  readonly path: string
  readonly type: string
  readonly default: string
  readonly description: string
}

/**
 * The rows of the options table (header `| option | type | default | what it does |`) in a
 * section; throws when the section has none, more than one, or a row that is not one option in a
 * code span with four cells.
 */
export function optionsTable(section: DocSection): OptionRow[] {
  const tables: string[][][] = []
  let current: string[][] | undefined
  for (const line of section.text.split('\n')) {
    if (!line.startsWith('|')) {
      current = undefined
      continue
    }
    if (current === undefined) {
      current = []
      tables.push(current)
    }
    current.push(tableCells(line))
  }
  const matching = tables.filter(
    (table) => JSON.stringify(table[0]) === JSON.stringify(OPTIONS_TABLE_HEADER),
  )
  if (matching.length !== 1) {
    throw new Error(
      `Section "${section.heading}" has ${matching.length} options tables (| ${OPTIONS_TABLE_HEADER.join(' | ')} |); it needs exactly one`,
    )
  }
  const [, separator, ...rows] = matching[0] ?? []
  if (separator === undefined || !separator.every((cell) => /^:?-{3,}:?$/.test(cell))) {
    throw new Error(`The options table of "${section.heading}" has no separator row`)
  }
  return rows.map((cells) => {
    const [option, type, defaultCell, description] = cells
    const name = /^`([^`]+)`$/.exec(option ?? '')?.[1]
    if (cells.length !== 4 || name === undefined || type === undefined) {
      throw new Error(
        `A row of the options table of "${section.heading}" is not | \`option\` | type | default | what it does |: ${cells.join(' | ')}`,
      )
    }
    return {
      path: name.replace(/<[^>]+>/g, '*'),
      type,
      default: defaultCell ?? '',
      description: description ?? '',
    }
  })
}

/**
 * The JavaScript literals written as code spans in a default cell (`8`, `120_000`, `'chat'`,
 * `true`), as values: what the cell claims the default is. Other code spans (option names, paths,
 * environment variables) are not literals.
 */
export function defaultLiterals(cell: string): unknown[] {
  const values: unknown[] = []
  for (const [, code = ''] of cell.matchAll(/`([^`]+)`/g)) {
    if (/^-?\d[\d_]*(\.\d+)?$/.test(code)) values.push(Number(code.replace(/_/g, '')))
    else if (/^'[^']*'$/.test(code) || /^"[^"]*"$/.test(code)) values.push(code.slice(1, -1))
    else if (code === 'true' || code === 'false') values.push(code === 'true')
    else if (code === 'null') values.push(null)
  }
  return values
}

/** The source of a literal default as a code span: `8`, `'fail'`, `true`. */
export function literalSource(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : String(value)
}
