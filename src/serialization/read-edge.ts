import { compileWhen, isStateCheck, type StateCheck, type When } from '../conditions/index.js'
import { hydratePrimitive } from '../primitives/index.js'
import type { EdgeOptions } from '../scenario/types.js'
import { checkKeys, locatedAt } from './document-errors.js'
import { readJsonData, readObject, readString } from './read-values.js'
import { type CallableResolver, isCallableShape, readCallable } from './resolve-callable.js'

/** An edge read from a document: its location and the arguments `addEdge` takes. */
export interface EdgeParts {
  readonly at: string
  readonly source: string
  readonly target: string
  readonly options: EdgeOptions
}

/**
 * Reads the edge at `index` (location `edges.<index>`). Its `when` is checked as `addEdge` checks
 * it, with errors naming `edges.<index>.when`; callables in it resolve at `edges.<index>.when`
 * and `edges.<index>.when.<i>`.
 */
export function readEdge(value: unknown, index: number, resolver: CallableResolver): EdgeParts {
  const at = `edges.${index}`
  const data = readObject(value, at)
  checkKeys(data, ['source', 'target'], ['when'], at)
  const source = readString(data.source, `${at}.source`)
  const target = readString(data.target, `${at}.target`)
  if (!Object.hasOwn(data, 'when')) return { at, source, target, options: {} }
  const when = readWhen(data.when, `${at}.when`, resolver)
  locatedAt(`${at}.when`, (where) => compileWhen(when, where))
  return { at, source, target, options: { when } }
}

function readWhen(value: unknown, at: string, resolver: CallableResolver): When {
  if (isCallableShape(value)) return readCallable(value, at, resolver) as When
  if (Array.isArray(value)) {
    return value.map((element, i) =>
      isCallableShape(element)
        ? readCallable(element, `${at}.${i}`, resolver)
        : readCheck(element, `${at}.${i}`),
    ) as When
  }
  return readCheck(value, at) as When
}

// A when-object stays JSON data (compileWhen checks it); a stateCheck gets its primitive back.
function readCheck(value: unknown, at: string): unknown {
  if (!isStateCheck(value)) return readJsonData(value, at)
  const data = readObject(value, at)
  checkKeys(data, ['type', 'field', 'verifyWith'], ['expected'], at)
  const check: StateCheck = {
    type: 'StateCheck',
    field: readString(data.field, `${at}.field`),
    verifyWith: locatedAt(`${at}.verifyWith`, (where) => hydratePrimitive(data.verifyWith, where)),
    expected:
      data.expected === undefined ? undefined : readJsonData(data.expected, `${at}.expected`),
  }
  return check
}
