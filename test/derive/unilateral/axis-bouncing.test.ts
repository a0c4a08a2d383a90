// The vertical bouncing under gravity (src/derive/unilateral/axis-bouncing.ts,
// kozlov1988 §4): the walls' radii read off their equations, the derived
// cos θ against (4.9) and (4.1) as typed from the paper at random speeds and
// walls, a misread of (4.9) disagreeing, the number the report's periodic
// orbit measures (6√2 − 9 at v₁ = 2, g = l = 1, R₁ = R₂ = 2), and the limit
// g → 0 against the Birkhoff criterion's expression (4.8), which the
// billiard without gravity gives exactly.
import { describe, expect, it } from 'vitest';
import birkhoff from '../../../derivations/kozlov-birkhoff-orbit.js';
import concaveWalls from '../../../derivations/kozlov-concave-walls.js';
import billiard from '../../../derivations/parabolic-billiard.js';
import { evaluate } from '../../../src/core/evaluate.js';
import { subs } from '../../../src/core/subs.js';
import { num } from '../../../src/core/expr.js';
import { axisBouncings } from '../../../src/derive/unilateral/axis-bouncing.js';
import { seeded } from '../../../src/studies/seeded.js';
import { derived } from '../../helpers/examples.js';

const walls = axisBouncings(derived(concaveWalls)).get('y')!;
const random = seeded(1949);
/** Speeds above √(2gl), so that the point reaches the upper wall. */
const points = Array.from({ length: 40 }, () => {
  const [g, l, R1, R2] = [0.5 + 2 * random(), 0.2 + random(), 0.3 + 3 * random(), 0.3 + 3 * random()];
  return { g, l, R1, R2, v: Math.sqrt(2 * g * l) * (1 + 2 * random()) };
});
type Point = (typeof points)[number];

/** kozlov1988 (4.9), typed from the paper: the expression inside |·| < 1, v₂ = √(v₁² − 2gl). */
function paper({ g, l, R1, R2, v }: Point, misread = false): number {
  const v2 = Math.sqrt(v * v - 2 * g * l);
  const [a, b] = misread ? [v2, v] : [v, v2];
  return 1 - ((2 * (v - v2)) / g) * (a / R1 + b / R2) + ((2 * (v - v2) ** 2) / g ** 2) * ((v * v2) / (R1 * R2));
}

describe('kozlov1988 §4: the vertical bouncing under gravity', () => {
  it('reads the walls off their equations: R₁, R₂ and l between them', () => {
    const env = { g: 1, l: 0.7, R1: 1.3, R2: 2.9, e: 1 };
    expect(walls.radii.map((R) => evaluate(R, env))).toEqual([1.3, 2.9]);
    expect(evaluate(walls.length!, env)).toBeCloseTo(0.7, 14);
  });

  it('between two concave walls: cos θ is the expression of (4.9), its misread with v₁, v₂ swapped is not', () => {
    for (const p of points) {
      expect(evaluate(walls.halfTrace, p)).toBeCloseTo(paper(p), 10);
      expect(Math.abs(evaluate(walls.halfTrace, p) - paper(p, true))).toBeGreaterThan(1e-6);
    }
  });

  it('is the multiplier the periodic orbit of the report measures at v₁ = 2, g = l = 1, R₁ = R₂ = 2: 6√2 − 9', () => {
    expect(evaluate(walls.halfTrace, { v: 2, g: 1, l: 1, R1: 2, R2: 2 })).toBeCloseTo(6 * Math.SQRT2 - 9, 12);
  });

  it('tends to the Birkhoff criterion (4.8), 1 − 2l(1/R₁ + 1/R₂) + 2l²/(R₁R₂), as g → 0, whatever the speed', () => {
    const atZero = subs(walls.halfTrace, new Map([['g', num(0)]]));
    for (const { l, R1, R2, v } of points) {
      const birkhoff = 1 - 2 * l * (1 / R1 + 1 / R2) + (2 * l * l) / (R1 * R2);
      expect(evaluate(atZero, { l, R1, R2, v })).toBeCloseTo(birkhoff, 12);
      expect(evaluate(walls.halfTrace, { g: 1e-7, l, R1, R2, v })).toBeCloseTo(birkhoff, 5);
    }
  });

  it('without gravity (Birkhoff’s billiard between the parabolas of radii R₁, R₂): the expression of (4.8), free of the speed', () => {
    const free = axisBouncings(derived(birkhoff)).get('y')!;
    for (const { l, R1, R2, v } of points) {
      expect(evaluate(free.halfTrace, { l, R1, R2, v })).toBeCloseTo(1 - 2 * l * (1 / R1 + 1 / R2) + (2 * l * l) / (R1 * R2), 12);
    }
  });

  it('on the parabola y = x²/(2a) alone: cos θ = 1 − 2v²/(ga), (4.1) with f″(0) = 1/a', () => {
    const one = axisBouncings(derived(billiard)).get('y')!;
    expect(one.radii.length).toBe(1);
    for (const { g, v, R1: a } of points) expect(evaluate(one.halfTrace, { g, v, a })).toBeCloseTo(1 - (2 * v * v) / (g * a), 12);
  });
});
