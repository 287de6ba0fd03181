/** The devDependency versions leg 2 runs with instead of the root's. */
export declare const leg2Versions: Readonly<Record<string, string>>
/** The leg-2 manifest derived from the root one (read from disk when not given). */
export declare function leg2Manifest(root?: Record<string, unknown>): Record<string, unknown>
