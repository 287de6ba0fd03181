// The definition hash in each scenario test's meta: equal for the same scenario built twice,
// different when anything it asks, routes or checks changes, and blind to live objects and keys.
import OpenAI from 'openai'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { definitionHash } from '../../src/hosts/core/meta/definition-hash.js'
import { DEFINITION_HASH } from '../../src/hosts/core/meta/meta-limits.js'
import { scenarioMetaSchema } from '../../src/hosts/core/meta/meta-schema.js'
import { scenarioMeta } from '../../src/hosts/core/meta/scenario-meta.js'
import { lastTurn } from '../../src/outcomes/index.js'
import { exactMatch } from '../../src/primitives/index.js'
import { END, Scenario } from '../../src/scenario/index.js'
import { defineTemplate } from '../../src/templates/index.js'
import { pushback } from './sample-results.js'

interface Variant {
  question?: string
  when?: boolean
  schema?: z.ZodObject
  parse?: (raw: string) => Record<string, unknown>
  criterion?: string
  title?: string
  apiKey?: string
}

function build(variant: Variant = {}) {
  const template = defineTemplate({
    schema: variant.schema ?? z.object({ drug: z.string() }),
    groundTruth: { drug: 'venetoclax' },
    verify: { drug: exactMatch() },
    parse: variant.parse ?? ((raw) => ({ drug: raw.split(' ')[0] ?? '' })),
  })
  return new Scenario(variant.title ?? 'keeps BCL2')
    .addNode('ask', {
      question: { question: variant.question ?? 'Which drug inhibits BCL-2?', template },
      modelOverride: {
        answering: {
          model: 'gpt-4.1-mini',
          apiKey: variant.apiKey ?? 'sk-test-one',
          client: new OpenAI({ apiKey: 'sk-fake', baseURL: 'http://127.0.0.1:9' }),
        },
      },
    })
    .addNode('challenge', { question: 'Are you sure?' })
    .addEdge('ask', 'challenge', { when: { verifyResult: variant.when ?? true } })
    .addEdge('ask', END)
    .addEdge('challenge', END)
    .setEntry('ask')
    .addOutcome(variant.criterion ?? 'kept', lastTurn({ verifyResult: true }))
    .validate()
}

describe('definitionHash', () => {
  test('is the same for the same scenario built twice, whatever its title, key or client', () => {
    const hash = definitionHash(build())
    expect(hash).toMatch(DEFINITION_HASH)
    expect(definitionHash(build())).toBe(hash)
    expect(definitionHash(build({ title: 'renamed' }))).toBe(hash)
    expect(definitionHash(build({ apiKey: 'sk-test-rotated' }))).toBe(hash)
  })

  test('changes with a question, a condition, a template schema or parser, or a criterion', () => {
    const hash = definitionHash(build())
    const changed = [
      build({ question: 'Which drug inhibits BCL-2, exactly?' }),
      build({ when: false }),
      build({ schema: z.object({ drug: z.string(), dose: z.number() }) }),
      build({ parse: (raw) => ({ drug: raw.trim() }) }),
      build({ criterion: 'still kept' }),
    ].map(definitionHash)
    for (const other of changed) expect(other).not.toBe(hash)
    expect(new Set(changed).size).toBe(changed.length)
  })

  test('is computed once per definition object', () => {
    const definition = build()
    const first = definitionHash(definition)
    expect(definitionHash(definition)).toBe(first)
  })

  test('goes into the meta, which the schema reads; a malformed hash is refused', () => {
    const definition = pushback()
    const meta = scenarioMeta(definition, [])
    expect(meta.definition).toBe(definitionHash(definition))
    expect(scenarioMetaSchema.safeParse(meta).success).toBe(true)
    const bad = scenarioMetaSchema.safeParse({ ...meta, definition: 'md5:abc' })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues[0]?.message).toContain('not a definition hash')
    // Meta written before the hash existed still reads.
    const { definition: _, ...older } = meta
    expect(scenarioMetaSchema.safeParse(older).success).toBe(true)
  })
})
