// A picture of the page for the docs: `node test/screenshot.mjs OUT.png
// [QUERY] [STEPS] [WxH]`, e.g. `node test/screenshot.mjs ../docs/playground.png
// '' 240 1100x640` (needs `make web`; STEER_DIST as for the tests).
import { openPlayground, start } from './browser.mjs';

const [out, query = '', steps = '240', size = '1200x760'] = process.argv.slice(2);
if (!out) {
  console.error('usage: node test/screenshot.mjs OUT.png [QUERY] [STEPS] [WxH]');
  process.exit(2);
}
const [width, height] = size.split('x').map(Number);
const env = await start();
try {
  const { page, problems } = await openPlayground(env, query);
  await page.setViewportSize({ width, height });
  const from = await page.evaluate(() => window.steerPlayground.state().step);
  await page.waitForFunction((target) => window.steerPlayground.state().step >= target, from + Number(steps),
    { timeout: 120_000, polling: 50 });
  await page.screenshot({ path: out });
  if (problems.length) console.error(problems.join('\n'));
  console.log(`${out}: ${width}x${height}, ${JSON.stringify(await page.evaluate(() => window.steerPlayground.state().hash))}`);
} finally {
  await env.close();
}
