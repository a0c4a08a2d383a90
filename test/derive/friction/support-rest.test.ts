// The start from rest of Smirnov's examples (src/derive/friction/support-rest.ts)
// against the condition typed from the paper, smirnov1981 §2: from rest
// sgn ẋ is sgn P_x, and rest persists while |P_x| ≤ Φ. Example 1: rest iff
// |F_x| ≤ Φ(F_z) = (f2 (1 + sgn F_z)/2 − f1 (1 − sgn F_z)/2) F_z; example 2,
// planar: Φ₁₁ = [M_z (f12 − f11) + P_y (a2 f11 − a1 f12)]/Δ₁₁,
// Δ₁₁ = a2 − a1 + w (f11 − f12) sgn P_x, where variant 11 is realized.
import { describe, expect, it } from 'vitest';
import planes from '../../../derivations/point-between-planes.js';
import planar from '../../../derivations/prism-in-guides-planar.js';
import { evaluate } from '../../../src/core/evaluate.js';
import { derived } from '../../helpers/examples.js';

const defaults = (spec: { parameters?: object }): Record<string, number> =>
  Object.fromEntries(Object.entries(spec.parameters ?? {}).map(([k, v]) => [k, (v as { default: number }).default]));

describe('point between planes: rest iff |F_x| ≤ Φ(F_z)', () => {
  const rest = derived(planes).supportRest!;
  const paperPhi = (Fz: number, f1: number, f2: number): number => ((f2 * (1 + Math.sign(Fz))) / 2 - (f1 * (1 - Math.sign(Fz))) / 2) * Fz;
  it('the load is F_x along x, and the bound is Φ(F_z) on both planes', () => {
    expect(rest.coordinate).toBe('x');
    for (const [Fx, Fz, f1, f2] of [
      [3, 2, 0.2, 0.5],
      [0.3, -2, 0.2, 0.5],
      [-0.5, -2, 0.2, 0.5],
      [0.9, 2, 0.7, 0.4],
      [-1.2, -3, 0.3, 0.1],
    ] as const) {
      const env = { m: 1, Fx, Fz, f1, f2, x: 0, z: 0, "x'": 0, "z'": 0, t: 0 };
      expect(evaluate(rest.load, env)).toBe(Fx);
      expect(evaluate(rest.bound, env)).toBeCloseTo(paperPhi(Fz, f1, f2), 14);
      expect(Math.abs(evaluate(rest.load, env)) <= evaluate(rest.bound, env)).toBe(Math.abs(Fx) <= paperPhi(Fz, f1, f2));
    }
  });
  it('at the defaults |F_x| = 3 > Φ = f2 F_z = 1: it does not stay at rest', () => {
    expect(rest.atDefaults.load).toBe(3);
    expect(rest.atDefaults.bound).toBeCloseTo(1, 14);
    // Sliding with the load: m ẍ = F_x − Φ = 3 − f₂F_z = 2 at m = 1.
    expect(rest.atDefaults.slide).toBeCloseTo(2, 14);
  });
});

describe('planar prism: rest iff |P_x| ≤ Φ with sgn ẋ = sgn P_x', () => {
  const rest = derived(planar).supportRest!;
  const base = { ...defaults(planar), x: 0, y: 0, theta: 0, "x'": 0, "y'": 0, "theta'": 0, t: 0 };
  const phi11 = (p: Record<string, number>): number =>
    (p.Mz! * (p.f12! - p.f11!) + p.Py! * (p.a2! * p.f11! - p.a1! * p.f12!)) / (p.a2! - p.a1! + p.w! * (p.f11! - p.f12!) * Math.sign(p.Px!));
  it('the bound is Φ₁₁ with the sign of P_x: 0.45/1.02 forward, 0.45/0.98 backward', () => {
    for (const Px of [1, -1, 0.4, -0.3]) {
      const env = { ...base, Px };
      expect(evaluate(rest.load, env)).toBe(Px);
      expect(evaluate(rest.bound, env)).toBeCloseTo(phi11(env), 14);
    }
    expect(phi11({ ...base, Px: 1 })).toBeCloseTo(0.45 / 1.02, 14);
    expect(phi11({ ...base, Px: -1 })).toBeCloseTo(0.45 / 0.98, 14);
  });
  it('at the defaults P_x = 1 exceeds Φ = 0.441: the prism starts sliding; P_x = 0.4 would rest', () => {
    expect(rest.atDefaults.load).toBe(1);
    expect(rest.atDefaults.bound).toBeCloseTo(0.45 / 1.02, 12);
    expect(rest.atDefaults.slide).toBeCloseTo(1 - 0.45 / 1.02, 12);
    expect(0.4 <= evaluate(rest.bound, { ...base, Px: 0.4 })).toBe(true);
  });
});
