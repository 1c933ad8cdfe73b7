// Shared by the playground's browser tests: its hooks and waits, page by page.
export const hook = (page, fn, arg) => page.evaluate(fn, arg);
export const state = (page, options) => hook(page, (o) => window.steerPlayground.state(o), options);
export const distance = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);
// The canvas's own pixels (a screenshot would include the HUD drawn over it).
export const pixels = (page) => page.evaluate(() => document.getElementById('view').toDataURL());
export const nextFrames = (page) => page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));

// Waits until the page has run `steps` more steps (frames are real time, so
// a slow machine waits longer instead of failing).
export async function runSteps(page, steps) {
  const from = (await state(page)).step;
  await page.waitForFunction((target) => window.steerPlayground.state().step >= target, from + steps,
    { timeout: 60_000, polling: 50 });
}
