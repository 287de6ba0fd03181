// The `allowNetwork` option's schema, apart from the matching in allow-network.ts: the plugin and
// the hosts check options with it, while a sealed test only matches URLs (and loads no zod).
import { z } from 'zod'
import { ENTRY_SHAPE, hostOfUrl, parseEntry } from './allow-network.js'

/**
 * The `allowNetwork` option's rule: every entry must read as a host, `host:port`, an IP address,
 * an IPv4 range or `'*'` (a URL is refused with the host to write instead).
 */
export const allowNetworkSchema = z
  .array(
    z.string(ENTRY_SHAPE).superRefine((entry, context) => {
      if (parseEntry(entry) !== undefined) return
      const host = hostOfUrl(entry)
      context.addIssue({
        code: 'custom',
        message: host === undefined ? ENTRY_SHAPE : `${ENTRY_SHAPE}; not a URL: write '${host}'`,
        input: entry,
      })
    }),
    { error: "an array of hosts such as ['api.example.com', 'localhost', '127.0.0.0/8']" },
  )
  .optional()
