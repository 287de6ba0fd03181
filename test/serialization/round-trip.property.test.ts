import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { Scenario, type ScenarioDocument } from '../../src/core.js'
import { callablesOf } from './support/callables-of.js'
import { collectReferences } from './support/collect-references.js'
import { buildDefinition, definitionCaseArb } from './support/definition-arbitraries.js'

// Graphs with several unconditional edges on a node make validate() warn; not the point here.
beforeAll(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterAll(() => {
  vi.restoreAllMocks()
})

const NUM_RUNS = 1000
// 1,000 random definitions, each built, written, loaded twice and written again, take seconds.
const TIMEOUT = 120_000

describe('lossless documents (SPEC 8): toJSON(fromJSON(doc)) deep-equals doc', () => {
  test(
    'for random definitions, loaded from the document and from its text',
    () => {
      fc.assert(
        fc.property(definitionCaseArb({ rich: true }), (c) => {
          const definition = buildDefinition(c)
          const document = definition.toJSON()
          const callables = callablesOf(definition, document)
          expect(Scenario.fromJSON(document, { callables }).toJSON()).toEqual(document)
          const text = JSON.stringify(document)
          const fromText = Scenario.fromJSON(text, { callables })
          expect(fromText.toJSON()).toEqual(JSON.parse(text))
          expect(JSON.stringify(fromText)).toBe(text)
          expect(fromText.warnings).toEqual(definition.warnings)
        }),
        { numRuns: NUM_RUNS },
      )
    },
    TIMEOUT,
  )

  test(
    'for random documents whose callables have any names and resolve by location',
    () => {
      const nameArb = fc.oneof(
        fc.constant(''),
        fc.string({ maxLength: 6 }),
        fc.constantFrom('when', 'countTries', 'constructor'),
      )
      fc.assert(
        fc.property(
          definitionCaseArb({ rich: true })
            .map(buildDefinition)
            .map((d) => d.toJSON()),
          fc.infiniteStream(nameArb),
          (original, names) => {
            // Rename every callable in a copy of the document; resolve each by its location.
            const document = JSON.parse(JSON.stringify(original)) as ScenarioDocument
            const callables: Record<string, () => unknown> = {}
            const iterator = names[Symbol.iterator]()
            for (const reference of collectReferences(document)) {
              reference.callable = iterator.next().value ?? ''
              callables[reference.at] = function resolved() {}
            }
            expect(Scenario.fromJSON(document, { callables }).toJSON()).toEqual(document)
          },
        ),
        { numRuns: NUM_RUNS },
      )
    },
    TIMEOUT,
  )
})
