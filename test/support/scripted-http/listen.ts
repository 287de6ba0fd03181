import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A started HTTP server on 127.0.0.1. */
export interface LoopbackListener {
  /** The free port the system gave. */
  readonly port: number
  /**
   * Stops listening and destroys open connections, so hanging requests do not keep the test
   * waiting. Calling it again returns the same promise.
   */
  close(): Promise<void>
}

/** Listens on 127.0.0.1 on a free port, handing every request to `onRequest`. */
export async function listenOnLoopback(
  onRequest: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
): Promise<LoopbackListener> {
  const server = createServer((request, response) => void onRequest(request, response))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  let closing: Promise<void> | undefined
  return {
    port,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error === undefined ? resolve() : reject(error)))
        server.closeAllConnections()
      })
      return closing
    },
  }
}
