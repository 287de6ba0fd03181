import { hydrateOutcomeCheck } from '../outcomes/index.js'
import type { OutcomeEvaluate } from '../outcomes/types.js'
import type { OutcomeCriterionSpec } from '../scenario/types.js'
import { checkKeys, invalid, locatedAt } from './document-errors.js'
import { readJsonData, readObject, readString } from './read-values.js'
import { type CallableResolver, readCallable } from './resolve-callable.js'

/** An outcome criterion read from a document: its location and what `addOutcomeCriterion` takes. */
export interface CriterionParts {
  readonly at: string
  readonly spec: OutcomeCriterionSpec
}

/**
 * Reads the criterion at `index`; its location is `outcomeCriteria.<name>` once the name is read.
 * Names must be unique; a criterion needs a `check` (rebuilt with `hydrateOutcomeCheck`) or an
 * `evaluate` callable.
 */
export function readCriterion(
  value: unknown,
  index: number,
  seen: Set<string>,
  resolver: CallableResolver,
): CriterionParts {
  const data = readObject(value, `outcomeCriteria[${index}]`)
  if (data.name === undefined) invalid(`outcomeCriteria[${index}]`, "missing 'name'")
  const name = readString(data.name, `outcomeCriteria[${index}].name`, true)
  if (seen.has(name)) {
    invalid(
      `outcomeCriteria[${index}].name`,
      `outcome criterion '${name}' appears twice`,
      'Criterion names are unique.',
    )
  }
  seen.add(name)
  const at = `outcomeCriteria.${name}`
  checkKeys(data, ['name', 'description'], ['check', 'evaluate'], at)
  const spec: OutcomeCriterionSpec = {
    name,
    description: readString(data.description, `${at}.description`),
  }
  if (data.check === undefined && data.evaluate === undefined) {
    invalid(at, "the criterion has neither 'check' nor 'evaluate'")
  }
  if (data.check !== undefined) {
    const check = readJsonData(data.check, `${at}.check`)
    spec.check = locatedAt(`${at}.check`, (where) => hydrateOutcomeCheck(check, where))
  }
  if (data.evaluate !== undefined) {
    spec.evaluate = readCallable(data.evaluate, `${at}.evaluate`, resolver) as OutcomeEvaluate
  }
  return { at, spec }
}
