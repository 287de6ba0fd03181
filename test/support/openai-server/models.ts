/** Model ids `GET /v1/models` lists when the server's `models` option is not given. */
export const DEFAULT_MODELS: readonly string[] = ['gpt-4.1-mini', 'gpt-4.1', 'gpt-4o-mini']

/** A fixed `created` for listed models (models do not change between test runs). */
const MODEL_CREATED = 1_744_316_542

/** One entry of the model list, as the API sends it. */
function modelObject(id: string): Record<string, unknown> {
  return { id, object: 'model', created: MODEL_CREATED, owned_by: 'system' }
}

/**
 * Answers `GET /v1/models` and `GET /v1/models/<id>`. Returns `undefined` for any other request
 * (which then goes to the scripted queue), or the status and body to send.
 */
export function modelsRoute(
  method: string,
  path: string,
  models: readonly string[],
): { status: number; body: unknown } | undefined {
  if (method !== 'GET') return undefined
  if (path === '/v1/models') {
    return { status: 200, body: { object: 'list', data: models.map(modelObject) } }
  }
  const match = /^\/v1\/models\/([^/]+)$/.exec(path)
  if (match?.[1] === undefined) return undefined
  const id = decodeURIComponent(match[1])
  if (models.includes(id)) return { status: 200, body: modelObject(id) }
  return {
    status: 404,
    body: {
      error: {
        message: `The model '${id}' does not exist or you do not have access to it.`,
        type: 'invalid_request_error',
        param: null,
        code: 'model_not_found',
      },
    },
  }
}
