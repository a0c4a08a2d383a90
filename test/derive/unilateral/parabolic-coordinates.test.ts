// Chaplygin's parabolic coordinates of the parabolic billiard
// (src/derive/unilateral/parabolic-coordinates.ts, kozlov1988 §5): the
// derived v, w against (5.2) at b = 0 and against the confocal parabolas of
// (5.4)–(5.6), and their derived rates against the separated equations (5.3)
// as typed from the paper, with h the energy and γ = (I − ah)/2; a misread
// of (5.3)'s β disagrees.
import { describe, expect, it } from 'vitest';
import concaveWalls from '../../../derivations/kozlov-concave-walls.js';
import billiard from '../../../derivations/parabolic-billiard.js';
import { evaluate } from '../../../src/core/evaluate.js';
import { parabolicCoordinates } from '../../../src/derive/unilateral/parabolic-coordinates.js';
import { derived } from '../../helpers/examples.js';
import { seeded } from '../../../src/studies/seeded.js';

const coordinates = parabolicCoordinates(derived(billiard))!;
const random = seeded(1988);
/** States of the plane above and below the wall, a and g off their defaults. */
const states = Array.from({ length: 40 }, () => ({
  a: 0.5 + random(),
  g: 5 + 10 * random(),
  x: 4 * random() - 2,
  y: 4 * random() - 1,
  "x'": 4 * random() - 2,
  "y'": 4 * random() - 2,
}));
type State = (typeof states)[number];

/** (5.3) at b = 0, m = 1, squared: 16(w − v)⁻²·(±F(c))(±(a − c)) with F(c) = αc² − βc − γ. */
function chaplygin(s: State, c: number, v: number, w: number, beta: (h: number) => number): number {
  const h = (s["x'"] ** 2 + s["y'"] ** 2) / 2 + s.g * s.y;
  const I = (s.x * s["y'"] - (s.y - s.a / 2) * s["x'"]) * s["x'"] + (s.g * s.x ** 2) / 2;
  const F = (s.g / 4) * c ** 2 - beta(h) * c - (I - s.a * h) / 2;
  return (16 / (w - v) ** 2) * F * (s.a - c);
}

describe("kozlov1988 §5: Chaplygin's coordinates of the parabolic billiard", () => {
  it('are the roots of (5.2) at b = 0: v + w = 2y + a, vw = 2ay − x², 0 ≤ v ≤ a ≤ w above the wall', () => {
    for (const s of states) {
      const [v, w] = [evaluate(coordinates.v, s), evaluate(coordinates.w, s)];
      expect(v + w).toBeCloseTo(2 * s.y + s.a, 10);
      expect(v * w).toBeCloseTo(2 * s.a * s.y - s.x ** 2, 10);
      expect(v).toBeLessThanOrEqual(s.a + 1e-12);
      expect(w).toBeGreaterThanOrEqual(s.a - 1e-12);
      if (s.y >= s.x ** 2 / (2 * s.a)) expect(v).toBeGreaterThanOrEqual(-1e-12);
    }
  });

  it('have the confocal parabolas 2y = c + x²/(a − c) of (5.4)–(5.6) as level sets, the wall at v = 0', () => {
    for (const s of states) {
      for (const c of [evaluate(coordinates.v, s), evaluate(coordinates.w, s)]) expect(c + s.x ** 2 / (s.a - c)).toBeCloseTo(2 * s.y, 8);
    }
    expect(evaluate(coordinates.v, { a: 0.7, g: 9.81, x: 0.3, y: 0.3 ** 2 / 1.4 })).toBeCloseTo(0, 12);
  });

  it('move by the separated equations (5.3): v̇² = 16F(v)(a − v)/(w − v)², ẇ² = 16F(w)(a − w)/(w − v)²', () => {
    const beta = (a: number, g: number) => (h: number) => h / 2 + (a * g) / 4;
    for (const s of states) {
      const [v, w] = [evaluate(coordinates.v, s), evaluate(coordinates.w, s)];
      const [vd, wd] = [evaluate(coordinates.vd, s), evaluate(coordinates.wd, s)];
      const scale = 1 + vd ** 2 + wd ** 2;
      expect(Math.abs(vd ** 2 - chaplygin(s, v, v, w, beta(s.a, s.g))) / scale).toBeLessThan(1e-9);
      expect(Math.abs(wd ** 2 - chaplygin(s, w, v, w, beta(s.a, s.g))) / scale).toBeLessThan(1e-9);
    }
  });

  it('disagree with (5.3) misread with β = mh/2 + m²ag/2', () => {
    const wrong = (a: number, g: number) => (h: number) => h / 2 + (a * g) / 2;
    const misses = states.filter((s) => {
      const [v, w, vd] = [evaluate(coordinates.v, s), evaluate(coordinates.w, s), evaluate(coordinates.vd, s)];
      return Math.abs(vd ** 2 - chaplygin(s, v, v, w, wrong(s.a, s.g))) > 1e-6 * (1 + vd ** 2);
    });
    expect(misses.length).toBeGreaterThan(states.length / 2);
  });

  it('are not derived for a wall that is no parabola (the concave walls of §4)', () => {
    expect(parabolicCoordinates(derived(concaveWalls))).toBeUndefined();
  });
});
