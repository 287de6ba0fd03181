/** The timeout of a scenario test whose calls may go out live (recorded, or with recordings off). */
export const LIVE_TIMEOUT_MS = 60_000
