// Shared by the browser tests: a server for web/dist and Debian's chromium
// through playwright-core (never a downloaded browser).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from '../serve.mjs';

export const DIST = resolve(process.env.STEER_DIST ?? new URL('../dist', import.meta.url).pathname);
export const BUILD = resolve(process.env.STEER_BUILD ?? new URL('../../build', import.meta.url).pathname);
const CHROMIUM = process.env.STEER_CHROMIUM ?? '/usr/bin/chromium';

// Starts the server and a browser; close() stops both.
export async function start() {
  const server = await serve(DIST, 0);
  const profile = mkdtempSync(join(tmpdir(), 'steer-chromium-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1200, height: 760 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  const url = `http://127.0.0.1:${server.address().port}/`;
  return {
    url, browser,
    async close() {
      await browser.close();
      await new Promise((ok) => server.close(ok));
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

// A page with the playground loaded; `problems` collects console errors,
// page errors and failed requests.
export async function openPlayground(env, query = '') {
  const page = await env.browser.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`); });
  await page.goto(env.url + query);
  await page.evaluate(() => window.steerPlayground.ready);
  return { page, problems };
}
