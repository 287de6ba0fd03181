/**
 * A response's body as the SDK would hand it over, read by the library itself: JSON when the
 * content type says so and the text parses (else the text, so the check can quote it), the text
 * for any other content type, `undefined` when empty. Used where the SDK's own post-processing
 * of a body would throw a TypeError on a body that is not the answer it expects.
 */
export async function readBody(response: Response): Promise<unknown> {
  return bodyOfText(await response.text(), response.headers.get('content-type'))
}

/** A body's text read as `readBody` reads it, given the response's content type. */
export function bodyOfText(text: string, contentType: string | null): unknown {
  if (text === '') return undefined
  if (!/application\/json|\+json/i.test(contentType ?? '')) return text
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}
