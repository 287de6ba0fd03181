/** The recordings' redact hook (`recordings: { redact: './redact.ts' }`): masks tenant ids. */
export default (value: string): string => value.replace(/tenant-[0-9]{6}/g, '<tenant>')
