/*
 * The watcher of server-pause.ts, a process of its own (plain JavaScript: node runs it as it is): it follows a `uw serve`'s event stream
 * and stops the server with SIGSTOP at the first event of a name and phase. A process of its own,
 * idle until the event comes, so that nothing delays the signal (the Playwright worker is busy
 * with the browser and its trace).
 *
 * Arguments: BASE_URL SESSION PID EVENT PHASE (`*`: any phase, for events that have none). Prints `connected` once subscribed, then
 * `paused <event JSON>` once the server is stopped, then `event <event JSON>` for any event
 * that was on its way before the stop.
 */

const [baseUrl, session, pid, name, phase] = process.argv.slice(2);
if (!baseUrl || !session || !pid || !name || !phase) throw new Error('usage: pause-watcher BASE_URL SESSION PID EVENT PHASE');

const response = await fetch(`${baseUrl}/bridge/events`, { headers: { 'x-uw-session': session } });
if (!response.ok || !response.body) throw new Error(`the event stream answered ${response.status}`);
let text = '';
let paused = false;
for await (const chunk of response.body.pipeThrough(new TextDecoderStream())) {
  text += chunk;
  const end = text.lastIndexOf('\n\n');
  if (end < 0) continue;
  const messages = text.slice(0, end).split('\n\n');
  text = text.slice(end + 2);
  for (const message of messages) {
    // The server writes ": connected" once the stream is subscribed to its events.
    if (message.startsWith(': connected')) console.log('connected');
    if (!message.startsWith('data: ')) continue;
    /** @type {{ event: string, payload: { phase?: string } }} */
    const event = JSON.parse(message.slice('data: '.length));
    if (!paused && event.event === name && (phase === '*' || event.payload.phase === phase)) {
      process.kill(Number(pid), 'SIGSTOP');
      paused = true;
      console.log(`paused ${JSON.stringify(event)}`);
    } else {
      console.log(`event ${JSON.stringify(event)}`);
    }
  }
}
