/**
 * Runs the desktop app's main bundle in plain Node (with `--import ./register.mjs`: electron is
 * electron-stub.mjs) and calls its channel table through the IPC handler it registered, as the
 * window would. Argument: the bundle's folder (out/main). Prints one JSON line per step,
 * `{"step": ..., "value": ...}`; a step that throws ends the run with exit code 1.
 *
 * The channels called are the ones that load the bundle's chunks on demand: the demo portfolio
 * (the demo generator), the credit memo (pdfmake), the credit file (jszip), the report, the
 * stress and the comparison workbooks (exceljs).
 */
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const mainDir = process.argv[2];
if (!mainDir) throw new Error('usage: drive.mjs OUT_MAIN_DIR');
const print = (step, value) => process.stdout.write(`${JSON.stringify({ step, value })}\n`);

await import(pathToFileURL(join(mainDir, 'index.js')).href);
print('loaded', 'index.js');

// The handler is registered once the app is "ready" and the store is open.
const { handlers } = globalThis.__uwElectronStub;
const deadline = Date.now() + 30_000;
while (!handlers.has('uw:invoke')) {
  if (Date.now() > deadline) throw new Error(`no uw:invoke handler after 30 s (registered: ${[...handlers.keys()].join(', ') || 'none'})`);
  await new Promise((resolve) => setTimeout(resolve, 20));
}
const handler = handlers.get('uw:invoke');

// Every chunk of the bundle loads: a chunk the entry imports only on demand is loaded here too.
const chunks = readdirSync(mainDir).filter((file) => file.endsWith('.js'));
for (const chunk of chunks) await import(pathToFileURL(join(mainDir, chunk)).href);
print('chunks', chunks);

const frame = { url: 'app://workstation/index.html' };
const event = { senderFrame: frame, sender: { mainFrame: frame } };
async function invoke(channel, payload) {
  const answer = await handler(event, { channel, payload });
  if (!answer.ok) throw new Error(`${channel}: ${answer.error} ${JSON.stringify(answer.details ?? '')}`);
  print(channel, answer.value);
  return answer.value;
}

await invoke('app.initialize', { choice: 'demo', demoDeals: 3 });
const { dealIds } = await invoke('deals.ids', {});
await invoke('deal.exportMemo', { dealId: dealIds[0], exportId: randomUUID() });
await invoke('deal.exportCreditFile', { dealId: dealIds[0], exportId: randomUUID() });
await invoke('report.export', { filter: {}, format: 'xlsx', exportId: randomUUID() });
const { builtIn } = await invoke('analysis.scenarios', {});
// A scenario as the stress takes it: its description left out.
const { label, source, ...scenario } = builtIn[0];
await invoke('analysis.exportStress', { request: { scenarios: [scenario] }, format: 'xlsx', exportId: randomUUID() });
await invoke('deals.compareExport', { ids: dealIds.slice(0, 2) });
print('done', true);
process.exit(0);
