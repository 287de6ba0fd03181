// Module-resolution hooks for a plain `node` process: resolving `ai`, an `@ai-sdk/...` package,
// `@openai/agents...`, `@anthropic-ai/...` or `@modelcontextprotocol/...` fails the import with the
// importing file named.
const forbidden =
  /^(?:ai|@ai-sdk\/[^/]+|@openai\/agents[^/]*|@anthropic-ai\/[^/]+|@modelcontextprotocol\/[^/]+)(?:\/.*)?$/

export async function resolve(specifier, context, nextResolve) {
  if (forbidden.test(specifier)) {
    throw new Error(`[sdk-free] '${specifier}' imported by ${context.parentURL ?? '(entry)'}`)
  }
  return nextResolve(specifier, context)
}
