import { ensureBuilds } from '../../scripts/builds.mjs';

/**
 * Global setup of vitest and Playwright: the tests start what users run, the `uw` command's
 * build (scripts/uw.mjs -> out/cli) and the desktop app's (out/main, out/renderer), so both are
 * built here, once per run and before any worker starts (workers never build at the same time).
 * UW_CLI_OUT tells test/support/cli.ts and the e2e fixtures where the command's build is; the
 * workers inherit it.
 */
export default async function buildOnce(): Promise<void> {
  const { cliOut } = await ensureBuilds();
  process.env['UW_CLI_OUT'] = cliOut;
}
