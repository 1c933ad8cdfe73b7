// Shared by the RTS gesture's test and its picture (screenshot_rts.mjs).

// Squads of units at rest in rows 1.5 apart (separation acts closer than 1,
// so they stay put), farther apart than the neighbour radius, a clear field
// above them.
const rows = (x0, y0, count, lines) => Array.from({ length: lines }, (_, k) =>
  ({ shape: 'line', count, from: [x0, y0 + 1.5 * k], to: [x0 + 1.5 * (count - 1), y0 + 1.5 * k], velocity: [0, 0] }));
export const squads = {
  name: 'squads', bounds: { min: [-30, -20], max: [30, 20] }, boundary: 'clamp', seed: 1, dt: 1 / 30, steps: 10,
  groups: [{
    name: 'units', colour: '#5eb8ff', max_speed: 4, max_force: 8, radius: 0.4,
    neighbours: { radius: 2, separation_radius: 1 }, behaviours: { separation: 2 },
    spawn: [...rows(-26, -16, 4, 3), ...rows(-14, -16, 4, 3), ...rows(6, -16, 8, 6)],
  }],
};

// A press, twelve moves and a release (a drag, as the hand makes one);
// release: false stops before the release.
export async function drag(page, from, to, { release = true } = {}) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let k = 1; k <= 12; ++k) await page.mouse.move(from.x + ((to.x - from.x) * k) / 12, from.y + ((to.y - from.y) * k) / 12);
  if (release) await page.mouse.up();
}

// A world point where the page shows it, in the page's CSS pixels (the page
// maps through the camera its next frame draws with).
export async function client(page, p) {
  return page.evaluate(([x, y]) => window.steerPlayground.worldToClient(x, y), p);
}

// A world point near `near` where a click falls on no agent (as the page
// draws them now): a plain click there is a click on the ground. Searched
// outwards in rings of a tenth of `step`.
export async function ground(page, near, step = 1) {
  return page.evaluate(([[x, y], step]) => {
    for (let k = 0; k < 400; ++k) {
      const r = (step * k) / 10, a = 2.39996323 * k, p = [x + r * Math.cos(a), y + r * Math.sin(a)];
      if (!window.steerPlayground.agentAt(p[0], p[1])) return p;
    }
    throw new Error(`no empty ground near ${x}, ${y}`);
  }, [near, step]);
}
