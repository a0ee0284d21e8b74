import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runUw, startUwServe, stop, type Running, type UwLauncher } from '../support/cli';
import { fetchToken, tempDir } from '../support/service';

// `npm run uw` runs the command's build (scripts/cli-build.mjs, scripts/uw.mjs). The build must
// behave as the sources do: built here into a temporary directory, then run side by side with
// the sources through tsx (this file is the one place a test runs uw from its sources). The
// build's dependencies resolve from the repository's node_modules, so it goes into a fresh
// folder under out/.
const ROOT = join(import.meta.dirname, '..', '..');
const sources: UwLauncher = (args) => [process.execPath, ['--import', 'tsx', join(ROOT, 'src-main', 'cli', 'uw.ts'), ...args]];
mkdirSync(join(ROOT, 'out'), { recursive: true });
const out = { path: mkdtempSync(join(ROOT, 'out', 'cli-test-')), remove: () => rmSync(out.path, { recursive: true, force: true }) };
const built = { UW_CLI_OUT: out.path };
const dataDir = tempDir('uw-cli-build-data-');
const running: Running[] = [];

beforeAll(async () => {
  const first = await runUw(['--help'], built);
  expect(first.code, first.stderr).toBe(0);
  expect(first.stderr).toContain('building the command');
  expect(first.stdout).toContain('uw serve');
}, 180_000);
afterAll(async () => {
  for (const r of running.splice(0)) await stop(r, 'SIGKILL');
  out.remove();
  dataDir.remove();
});

async function serve(env: NodeJS.ProcessEnv, launch?: UwLauncher): Promise<Running> {
  const r = await startUwServe(['--port', '0', '--data-dir', dataDir.path, '--client', 'id:secret', '--demo', '--demo-deals', '8'], env, undefined, launch);
  running.push(r);
  return r;
}

async function get(origin: string, path: string, token?: string) {
  const res = await fetch(`${origin}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, text: await res.text() };
}

/** The chunks importing `entry` evaluates: its static import graph in the build (import() left out). */
function staticGraph(dir: string, entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join(dir, file), 'utf8');
    for (const m of code.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s*"\.\/([^"]+)"|^import\s*"\.\/([^"]+)"/gm)) visit((m[1] ?? m[2])!);
  };
  visit(entry);
  return [...seen];
}

describe('the uw command build', () => {
  it('starts the server without the PostgreSQL engine, the demo generator, the writers or Fastify’s default compilers', () => {
    const sources = staticGraph(out.path, 'service.mjs').flatMap((chunk) => {
      const map = join(out.path, `${chunk}.map`);
      return existsSync(map) ? (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources : [];
    });
    expect(sources.some((s) => s.endsWith('src-main/server/app.ts'))).toBe(true);
    const onDemand = sources.filter(
      (s) =>
        /node_modules\/(pg|pg-pool|pg-protocol|ajv|@fastify\/ajv-compiler|@fastify\/fast-json-stringify-compiler|light-my-request|pino|pdfmake|exceljs|jszip)\//.test(s) ||
        /node_modules\/drizzle-orm\/node-postgres\//.test(s) ||
        /src-main\/(store\/postgres\/(?!errors\.ts)|demo\/|reports\/)/.test(s),
    );
    expect(onDemand).toEqual([]);
  });

  it('is used as it is while current, and rebuilt once a source is newer than it', async () => {
    const again = await runUw(['--help'], built);
    expect(again.code).toBe(0);
    expect(again.stderr).toBe('');

    const stamp = join(out.path, 'build-stamp.json');
    writeFileSync(stamp, JSON.stringify({ sourcesMtime: 0 }));
    const rebuilt = await runUw(['--help'], built);
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    expect(rebuilt.stderr).toContain('building the command');
    expect(JSON.parse(readFileSync(stamp, 'utf8')).sourcesMtime).toBeGreaterThan(0);
  }, 180_000);

  it('serves the same answers, API reference and documents as the sources', async () => {
    const fromBuild = await serve(built);
    const token = await fetchToken(fromBuild.origin, fromBuild.origin, { clientId: 'id', secret: 'secret' });
    const ids = JSON.parse((await get(fromBuild.origin, '/api/apiGateway/getAllDealIds', token)).text) as { dealIds: string[] };
    expect(ids.dealIds).toHaveLength(8);
    const buildAnswers = [
      await get(fromBuild.origin, `/api/apiGateway/getDealInfo/${ids.dealIds[3]}`, token),
      await get(fromBuild.origin, '/api/apiGateway/openapi.json'),
    ];
    // swagger-ui's page and assets come from its package, which stays in node_modules.
    const page = await get(fromBuild.origin, '/api/apiGateway/swagger-ui/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('swagger-ui');
    expect(await stop(fromBuild)).toBe(0);

    const fromSources = await serve({}, sources);
    const sourceToken = await fetchToken(fromSources.origin, fromSources.origin, { clientId: 'id', secret: 'secret' });
    const sourceAnswers = [
      await get(fromSources.origin, `/api/apiGateway/getDealInfo/${ids.dealIds[3]}`, sourceToken),
      await get(fromSources.origin, '/api/apiGateway/openapi.json'),
    ];
    expect(buildAnswers.map((a) => a.status)).toEqual([200, 200]);
    // The documents name their server's own address; everything else must be the same.
    const portless = (text: string, origin: string) => text.replaceAll(origin, 'ORIGIN');
    expect(portless(buildAnswers[0]!.text, fromBuild.origin)).toBe(portless(sourceAnswers[0]!.text, fromSources.origin));
    expect(portless(buildAnswers[1]!.text, fromBuild.origin)).toBe(portless(sourceAnswers[1]!.text, fromSources.origin));
    expect(await stop(fromSources)).toBe(0);
  }, 120_000);

  it('writes the same report as the sources, in both formats', async () => {
    for (const format of ['csv', 'xlsx']) {
      const fromBuild = join(out.path, `report-build.${format}`);
      const fromSources = join(out.path, `report-sources.${format}`);
      for (const [file, launch] of [[fromBuild, undefined], [fromSources, sources]] as const) {
        const r = await runUw(['report', '--data-dir', dataDir.path, '--format', format, '--out', file], built, undefined, launch);
        expect(r.code, r.stderr).toBe(0);
      }
      if (format === 'csv') expect(readFileSync(fromBuild, 'utf8')).toBe(readFileSync(fromSources, 'utf8'));
      else expect(readFileSync(fromBuild).length).toBeGreaterThan(1000);
    }
  }, 120_000);
});
