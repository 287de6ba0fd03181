import type { ScenarioNode, ScenarioWarning } from '../scenario/types.js'
import { schemaToJSON } from './schema-to-json.js'

function isLossy(schema: Parameters<typeof schemaToJSON>[0]): boolean {
  try {
    return schemaToJSON(schema).lossy
  } catch {
    // A schema JSON Schema cannot hold at all is lossy too; toJSON() reports why.
    return true
  }
}

/**
 * The `schema-lossy` warnings of a definition: one per node, in node order,
 * whose template schema has behaviour JSON Schema cannot hold (refinements, transforms, …), so a
 * definition loaded from its document runs without it.
 *
 * @example
 * schemaLossyWarnings(nodes) // [{ code: 'schema-lossy', message: "Node 'ask': …", ids: ['ask'] }]
 */
export function schemaLossyWarnings(nodes: Iterable<ScenarioNode>): ScenarioWarning[] {
  const warnings: ScenarioWarning[] = []
  for (const node of nodes) {
    const template = typeof node.question === 'object' ? node.question?.template : undefined
    if (template === undefined || !isLossy(template.schema)) continue
    warnings.push({
      code: 'schema-lossy',
      message: `Node '${node.id}': the template's schema has refinements, transforms or other behaviour that JSON Schema cannot hold; toJSON() writes it without them, and a definition loaded from that document runs without them`,
      ids: [node.id],
    })
  }
  return warnings
}
