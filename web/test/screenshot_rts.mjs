// Pictures of the RTS gesture: `node test/screenshot_rts.mjs OUT_PREFIX`
// writes OUT_PREFIX-box.png (a squad on its way, its slots marked, a box
// being dragged over another), -sent.png and -arrived.png (the picture in
// docs/playground_rts.png is -box.png at 1100x640). Needs `make web`;
// STEER_DIST as for the tests.
import { openPlayground, start } from './browser.mjs';
import { client, drag, squads } from './rts.mjs';

const [prefix, size = '1100x640'] = process.argv.slice(2);
if (!prefix) {
  console.error('usage: node test/screenshot_rts.mjs OUT_PREFIX [WxH]');
  process.exit(2);
}
const [width, height] = size.split('x').map(Number);
const env = await start();
try {
  const { page, problems } = await openPlayground(env, '?paused');
  await page.setViewportSize({ width, height });
  const loaded = await page.evaluate((doc) => window.steerPlayground.load({ scenario: 'squads', document: doc }), squads);
  if (!loaded.ok) throw new Error(loaded.error);
  const frames = () => page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
  const step = (n) => page.evaluate((k) => window.steerPlayground.step(k), n);
  await drag(page, await client(page, [5.25, -13.75]), await client(page, [17.25, -7.75]));
  const to = await client(page, [-6, 9]);
  await page.mouse.click(to.x, to.y, { button: 'right' });
  await step(60);
  await drag(page, await client(page, [-26.75, -16.75]), await client(page, [-9.25, -12.25]), { release: false });
  await frames();
  await page.screenshot({ path: `${prefix}-box.png` });
  await page.mouse.up();
  const there = await client(page, [16, 10]);
  await page.mouse.click(there.x, there.y, { button: 'right' });
  await step(30);
  await frames();
  await page.screenshot({ path: `${prefix}-sent.png` });
  await step(900);
  await frames();
  await page.screenshot({ path: `${prefix}-arrived.png` });
  const s = await page.evaluate(() => window.steerPlayground.state());
  if (problems.length) console.error(problems.join('\n'));
  console.log(`${prefix}-{box,sent,arrived}.png: ${width}x${height}; selected ${s.selected}, arrived ${s.arrived}, goals ${s.goals}`);
} finally {
  await env.close();
}
