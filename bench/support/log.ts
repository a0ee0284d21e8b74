/** Progress lines go to stderr, so stdout carries only the table. */
export function log(line: string): void {
  process.stderr.write(`bench: ${line}\n`);
}
