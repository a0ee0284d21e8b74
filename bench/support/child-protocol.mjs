// How a bench child and the bench talk: JSON arguments in argv[2], a result line on stdout (and a
// ready line for long-lived children). Plain JavaScript, so children run on plain Node use it too.

export const RESULT_PREFIX = 'BENCH-RESULT ';
export const READY_PREFIX = 'BENCH-READY ';

/** In a child: hands its result to the parent (the last line starting with the prefix wins). */
export function reply(value) {
  process.stdout.write(`${RESULT_PREFIX}${JSON.stringify(value)}\n`);
}

/** In a long-lived child (a server): tells the parent it is ready, with what it needs to know. */
export function ready(value) {
  process.stdout.write(`${READY_PREFIX}${JSON.stringify(value)}\n`);
}

/** In a child: the JSON argument the parent passed (argv[2]). */
export function childArgs() {
  const text = process.argv[2];
  if (!text) throw new Error('this is a bench child process: pass its JSON arguments');
  return JSON.parse(text);
}
