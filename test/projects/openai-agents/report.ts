// What each test prints: one line the driving test compares between recording and replay.

/** One line of what the run found, so the driving test can compare recording and replay. */
export function report(
  name: string,
  result: {
    history: { agent?: string | undefined; toolNames: string[] }[]
    usage: { answering: { input: number; output: number; cached: number }; replayed?: boolean }
  },
): void {
  const { answering } = result.usage
  console.log(
    `[sample] ${name} agents=${result.history.map((t) => t.agent).join(',')} tools=${result.history.map((t) => t.toolNames.join('+')).join(',')} input=${answering.input} output=${answering.output} cached=${answering.cached} replayed=${result.usage.replayed === true}`,
  )
}
