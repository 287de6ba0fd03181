// A recording `fetch`'s arguments as one `RequestInit` the session can read: what `fetch` itself
// would send for them.

/** What `fetch` sends as the content type of a `URLSearchParams` body. */
const FORM_TYPE = 'application/x-www-form-urlencoded;charset=UTF-8'

/**
 * The `init` of a call, with what a recording needs in it: for a `Request` given as `input`, its
 * method, headers and body merged with `init` as `fetch` merges them (`new Request(input, init)`:
 * what `init` gives wins), the body read as text (bytes when its content type is not textual); a
 * `URLSearchParams` body as its text, with the content type `fetch` would give it. Anything else
 * is `init` itself, with no await: most calls pass a URL string and a JSON string.
 */
export function fetchInit(
  input: string | URL | Request,
  init: RequestInit,
): RequestInit | Promise<RequestInit> {
  if (typeof input !== 'string' && !(input instanceof URL)) return fromRequest(input, init)
  if (init.body instanceof URLSearchParams) return formInit(init, init.body)
  return init
}

async function fromRequest(input: Request, init: RequestInit): Promise<RequestInit> {
  const merged = new Request(input, init)
  const type = merged.headers.get('content-type') ?? ''
  let body: string | Uint8Array | undefined
  if (merged.body !== null) {
    body =
      type === '' || /json|text|x-www-form-urlencoded|event-stream|xml/i.test(type)
        ? await merged.text()
        : new Uint8Array(await merged.arrayBuffer())
  }
  return {
    method: merged.method,
    headers: merged.headers,
    ...(body === undefined ? {} : { body }),
    signal: merged.signal,
    redirect: merged.redirect,
  }
}

function formInit(init: RequestInit, form: URLSearchParams): RequestInit {
  const headers = new Headers(init.headers)
  if (!headers.has('content-type')) headers.set('content-type', FORM_TYPE)
  return { ...init, headers, body: form.toString() }
}
