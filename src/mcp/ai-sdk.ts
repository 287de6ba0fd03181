import type { ToolSet } from 'ai'
import { InvalidArgumentError, MissingPeerError } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import { isMissingPackage } from '../internal/is-missing-package.js'
import type { Json } from '../recordings/stable-json.js'
import { checkName } from './client.js'
import { lazily } from './lazy-connection.js'
import { recordedRequest, type SessionLookup } from './recorded-request.js'
import type { McpContent, McpToolDefinition, McpToolList } from './types.js'

/**
 * What `mcpToolSet` needs of the AI SDK's MCP client (`createMCPClient` from `@ai-sdk/mcp`, 1.x
 * and 2.x): listing the tools, making tools of their definitions, closing.
 */
export interface AiSdkMcpClient {
  listTools(options?: { params?: { cursor?: string } }): Promise<object>
  /** Takes `{ tools }` as `tools/list` answers it (typed `never` so every version's type fits). */
  toolsFromDefinitions(definitions: never): Record<string, object>
  close(): Promise<void>
}

/** What `mcpToolSet` gives: the tools for `generateText({ tools })`, and how to close the client. */
export interface McpToolSet {
  tools: ToolSet
  /** Closes the client, when one was made. */
  close(): Promise<void>
}

/** The two functions of `ai` the tools are made with (`ai` 6 and 7 have both). */
interface AiTools {
  dynamicTool(tool: Record<string, unknown>): unknown
  jsonSchema(schema: Record<string, unknown>): unknown
}

type Execute = (args: unknown, options: unknown) => Promise<unknown>

/** Makes `mcpToolSet` for a way to find the running test's session. */
export function makeMcpToolSet(lookup: SessionLookup, loadAi: () => Promise<unknown>) {
  return async function mcpToolSet(
    name: string,
    connect: () => Promise<AiSdkMcpClient>,
  ): Promise<McpToolSet> {
    checkName(name, 'mcpToolSet(name, connect)')
    if (typeof connect !== 'function') {
      throw new InvalidArgumentError(
        `mcpToolSet(name, connect) needs \`connect\` as a function that returns the AI SDK's MCP client, got ${describeValue(connect)}`,
        'Pass `() => createMCPClient({ transport })`: it is called only when a request must go live.',
      )
    }
    const ai = await aiTools(loadAi)
    const connection = lazily(connect)
    const definitions: McpToolDefinition[] = []
    let cursor: string | undefined
    do {
      const args = cursor === undefined ? undefined : { cursor }
      const page = (await recordedRequest(
        lookup,
        { server: name, method: 'tools/list', ...(args === undefined ? {} : { arguments: args }) },
        async () =>
          (await connection.get()).listTools(args === undefined ? undefined : { params: args }),
      )) as McpToolList
      definitions.push(...page.tools)
      cursor = page.nextCursor ?? undefined
    } while (cursor !== undefined)
    const tools: Record<string, unknown> = {}
    for (const definition of definitions) {
      const execute: Execute = (args, options) =>
        recordedRequest(
          lookup,
          { server: name, method: 'tools/call', tool: definition.name, arguments: args as Json },
          async () => {
            // The client's own tool for this definition, so the request is the one it sends.
            const client = await connection.get()
            const made = client.toolsFromDefinitions({ tools: [definition] } as never)
            const own = made[definition.name] as { execute?: Execute } | undefined
            if (own?.execute === undefined) throw new TypeError(`no tool '${definition.name}'`)
            return own.execute(args, options)
          },
        )
      tools[definition.name] = ai.dynamicTool({
        description: definition.description,
        ...(definition.title === undefined ? {} : { title: definition.title }),
        // As the AI SDK's MCP client makes it: no property beyond the listed ones.
        inputSchema: ai.jsonSchema({
          ...definition.inputSchema,
          properties: definition.inputSchema.properties ?? {},
          additionalProperties: false,
        }),
        execute,
        toModelOutput: modelOutput,
      })
    }
    return {
      tools: tools as ToolSet,
      close: async () => {
        const client = await connection.made()?.catch(() => undefined)
        await client?.close()
      },
    }
  }
}

/** What the model reads of a result, as the AI SDK's MCP client gives it (text and images). */
function modelOutput({ output }: { output: unknown }): unknown {
  const content = (output as { content?: unknown } | null)?.content
  if (!Array.isArray(content)) return { type: 'json', value: output }
  return {
    type: 'content',
    value: (content as McpContent[]).map((part) => {
      if (part.type === 'text' && typeof part.text === 'string') {
        return { type: 'text', text: part.text }
      }
      if (part.type === 'image' && 'data' in part && 'mimeType' in part) {
        return { type: 'image-data', data: part.data, mediaType: part.mimeType }
      }
      return { type: 'text', text: JSON.stringify(part) }
    }),
  }
}

/** `ai`'s `dynamicTool` and `jsonSchema`; a missing `ai` is a `MissingPeerError`. */
async function aiTools(load: () => Promise<unknown>): Promise<AiTools> {
  let loaded: unknown
  try {
    loaded = await load()
  } catch (error) {
    if (!isMissingPackage(error, 'ai')) throw error
    throw new MissingPeerError(
      {
        peer: 'ai',
        entry: 'vitest-scenario/mcp (mcpToolSet)',
        range: '^6 || ^7',
        install: 'npm i -D ai @ai-sdk/mcp',
      },
      { cause: error },
    )
  }
  const module = loaded as Partial<AiTools>
  if (typeof module.dynamicTool !== 'function' || typeof module.jsonSchema !== 'function') {
    throw new MissingPeerError({
      peer: 'ai',
      entry: 'vitest-scenario/mcp (mcpToolSet)',
      range: '^6 || ^7',
      install: 'npm i -D ai@latest (the installed ai lacks dynamicTool or jsonSchema)',
      found: true,
    })
  }
  return module as AiTools
}
