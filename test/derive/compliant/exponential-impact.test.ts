// The impact on a wall realized by e^{−Nf} (src/derive/compliant/exponential-impact.ts):
// the closed form against a direct integration of M q̈ = N e^{−Nf} Gᵀ in a skew
// metric, kozlov1988 (3.2) at k = 0 typed from the paper for the model of
// Theorem 3, and the limits as N grows.
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../src/core/evaluate.js';
import { limitAtInfinity } from '../../../src/core/limit.js';
import { parseExpr } from '../../../src/core/parse.js';
import { exponentialImpact } from '../../../src/derive/compliant/exponential-impact.js';
import { deriveSystem } from '../../../src/derive/system.js';
import { buildModel, type ModelSpec } from '../../../src/model/index.js';
import kozlovImpact from '../../../derivations/kozlov-impact.js';

// A point in the constant metric a ẋ² + 2b ẋẏ + c ẏ² over the tilted wall y − s x ≥ 0, entering it from f₀ = d.
const skew = (d: number, extra: Partial<ModelSpec> = {}): ModelSpec => ({
  name: 'skew',
  coordinates: ['x', 'y'],
  parameters: { a: 2, b: 0.5, c: 1, s: 0.3, N: 20, d, e: 1 },
  kinetic: "(a*x'^2 + 2*b*x'*y' + c*y'^2)/2",
  unilateral: [{ name: 'wall', constraint: 'y - s*x >= 0', law: { newton: 'e' } } as never],
  initial: { q: { x: 0, y: 'd' }, qd: { x: 0.4, y: -1.2 } },
  ...extra,
});
const env = { a: 2, b: 0.5, c: 1, s: 0.3, N: 20 };

/** RK4 of M q̈ = N e^{−Nf} Gᵀ, M = [[a, b], [b, c]], G = (−s, 1), until f is back at f₀ after its turn. */
function integrate(d: number): { t: number; q: number[]; qd: number[]; depth: number } {
  const { a, b, c, s, N } = env;
  const det = a * c - b * b;
  const acc = (q: number[]): number[] => {
    const F = N * Math.exp(-N * (q[1]! - s * q[0]!));
    return [(c * -s - b) * (F / det), (-b * -s + a) * (F / det)];
  };
  const f = (q: number[]): number => q[1]! - s * q[0]!;
  let [q, qd, t, depth] = [[0, d], [0.4, -1.2], 0, d];
  const h = 1e-5;
  for (;;) {
    const k1v = acc(q);
    const q2 = q.map((x, i) => x + (h / 2) * qd[i]!);
    const k2v = acc(q2);
    const q3 = q.map((x, i) => x + (h / 2) * (qd[i]! + (h / 2) * k1v[i]!));
    const k3v = acc(q3);
    const q4 = q.map((x, i) => x + h * (qd[i]! + (h / 2) * k2v[i]!));
    const k4v = acc(q4);
    const next = q.map((x, i) => x + h * qd[i]! + ((h * h) / 6) * (k1v[i]! + k2v[i]! + k3v[i]!));
    const nextd = qd.map((v, i) => v + (h / 6) * (k1v[i]! + 2 * k2v[i]! + 2 * k3v[i]! + k4v[i]!));
    const rising = f(next) > f(q);
    if (rising && f(next) >= d) {
      // The last step cut at f = d, linearly: its error is O(h²).
      const w = (d - f(q)) / (f(next) - f(q));
      return { t: t + w * h, q: q.map((x, i) => x + w * (next[i]! - x)), qd: qd.map((v, i) => v + w * (nextd[i]! - v)), depth };
    }
    [q, qd, t, depth] = [next, nextd, t + h, Math.min(depth, f(next))];
  }
}

describe('an entry into the wall e^{−Nf}', () => {
  it('gives in closed form what a direct integration gives: the time back at f₀, the depth, q and q̇ there', () => {
    const impact = exponentialImpact(deriveSystem(buildModel(skew(0))), 'wall', 'N')!;
    const run = integrate(0);
    const at = { ...env, d: 0 };
    expect(evaluate(impact.duration, at)).toBeCloseTo(run.t, 6);
    expect(evaluate(impact.depth, at)).toBeCloseTo(run.depth, 6);
    impact.q.forEach((e, i) => expect(evaluate(e, at)).toBeCloseTo(run.q[i]!, 6));
    impact.qd.forEach((e, i) => expect(evaluate(e, at)).toBeCloseTo(run.qd[i]!, 5));
    // f(t) from its closed form: f₀ at 0 and δ_N, the depth halfway.
    const gap = (t: number): number => evaluate(impact.gap, { ...at, t });
    const delta = evaluate(impact.duration, at);
    expect(gap(0)).toBeCloseTo(0, 12);
    expect(gap(delta)).toBeCloseTo(0, 12);
    expect(gap(delta / 2)).toBeCloseTo(run.depth, 6);
  });

  it('in the semi-geodesic coordinates of Theorem 3 is (3.2) at k = 0: the normal velocity reversed, the tangential one kept, at every N', () => {
    const system = deriveSystem(buildModel(kozlovImpact));
    const impact = exponentialImpact(system, 'wall', 'N')!;
    // kozlov1988 (3.2): x₁′(δ_N) → −e x₁′(0), e = exp(−πk/ω), ω = √(c²g₁₁ − k²); x_i′(δ_N) → x_i′(0).
    const e = parseExpr('exp(-pi*k/sqrt(c^2*g11 - k^2))');
    for (const N of [10, 1e3, 1e5]) {
      const at = { g11: 2, g22: 1, c: 2, k: 0, N, w: 1.3, v2: 0.5 };
      expect(evaluate(impact.qd[0]!, at)).toBeCloseTo(-evaluate(e, at) * -at.w, 12);
      expect(evaluate(impact.qd[1]!, at)).toBeCloseTo(at.v2, 12);
      expect(evaluate(impact.q[0]!, at)).toBeCloseTo(0, 12);
    }
  });

  it('lasts O(1/N), as deep: N δ_N and N min f tend to constants, δ_N to 0', () => {
    const impact = exponentialImpact(deriveSystem(buildModel(kozlovImpact)), 'wall', 'N')!;
    expect(limitAtInfinity(impact.duration, 'N')).toEqual(parseExpr('0'));
    const at = { g11: 2, w: 1 };
    // By hand from g₁₁ẍ₁ = Ne^{−Nx₁}: V² = w² + 2/g₁₁, δ_N = (2/(NV)) ln((V + w)/(V − w)), min x₁ = −ln(1 + g₁₁w²/2)/N.
    const V = Math.sqrt(2);
    for (const N of [10, 1e4]) {
      expect(N * evaluate(impact.duration, { ...at, N })).toBeCloseTo((2 / V) * Math.log((V + 1) / (V - 1)), 10);
      expect(N * evaluate(impact.depth, { ...at, N })).toBeCloseTo(-Math.log(2), 10);
    }
  });

  it('from a start at f₀ = d > 0 tends to the elastic reflection: the speed away from the wall to the entry speed, δ_N to the flight 2d/|ḟ|', () => {
    const impact = exponentialImpact(deriveSystem(buildModel(skew(0.2))), 'wall', 'N')!;
    // ḟ(0) = −s ẋ + ẏ = −1.32.
    for (const [N, tol] of [
      [50, 1e-3],
      [200, 1e-12],
    ] as const) {
      const at = { ...env, N, d: 0.2 };
      expect(Math.abs(evaluate(impact.speed, at) - 1.32)).toBeLessThan(tol);
      expect(Math.abs(evaluate(impact.duration, at) - (2 * 0.2) / 1.32)).toBeLessThan(0.1);
    }
    expect(evaluate(impact.duration, { ...env, N: 1e4, d: 0.2 })).toBeCloseTo((2 * 0.2) / 1.32, 3);
  });

  it('is not given outside its class: a curved wall, or a start leaving the wall', () => {
    const curved = skew(0, { unilateral: [{ name: 'wall', constraint: 'y - x^2 >= 0', law: { newton: 'e' } } as never] });
    expect(exponentialImpact(deriveSystem(buildModel(curved)), 'wall', 'N')).toBeUndefined();
    const leaving = skew(0, { initial: { q: { x: 0, y: 0 }, qd: { x: 0, y: 1 } } });
    expect(exponentialImpact(deriveSystem(buildModel(leaving)), 'wall', 'N')).toBeUndefined();
  });
});
