// The end of a swing from a contact's surface (src/derive/motion/trig-root.ts),
// against roots found by bisection: b(cos θ − 1) + c sin θ with θ = ωt, whose
// first root after 0 is θ = 2 arccot(b/c) for either sign of b and c
// (kozlov1988 (4.2)'s τ), the damped c·e^{−γt} sin θ ending at θ = π
// (Theorem 3's half period); the closed-form cos θ and sin θ at the root; and
// what is outside the class; and a swing from off the surface, kozlov1988 §2's
// elastic line after t = 1 (offSurfaceRoot), against bisection and the energy.
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../src/core/evaluate.js';
import { simplify } from '../../../src/core/trig.js';
import { parseExpr } from '../../../src/core/parse.js';
import { offSurfaceRoot, swingRoot } from '../../../src/derive/motion/trig-root.js';
import { num } from '../../../src/core/expr.js';

/** The first sign change of f after 0, by scanning and bisection. */
function firstRoot(f: (t: number) => number, from: number, to: number): number {
  const steps = 20_000;
  let previous = from;
  for (let k = 1; k <= steps; k++) {
    const now = from + ((to - from) * k) / steps;
    if (Math.sign(f(now)) !== Math.sign(f(from + (to - from) / steps / 2))) {
      let [lo, hi] = [previous, now];
      for (let i = 0; i < 100; i++) {
        const mid = (lo + hi) / 2;
        if (Math.sign(f(mid)) === Math.sign(f(lo))) lo = mid;
        else hi = mid;
      }
      return (lo + hi) / 2;
    }
    previous = now;
  }
  return Number.NaN;
}

describe('b(cos ωt − 1) + c sin ωt', () => {
  it.each([
    [0.3, 2, 5],
    [-0.3, 2, 5],
    [0.3, -2, 5],
    [-1, -0.5, 3],
  ])('b = %s, c = %s, ω = %s: the first root after 0, and cos θ, sin θ there', (b, c, w) => {
    const e = parseExpr('b*(cos(w*t) - 1) + c*sin(w*t)');
    const env = { b, c, w };
    const root = swingRoot(e, env)!;
    const t = evaluate(root.time, env);
    expect(t).toBeCloseTo(
      firstRoot((x) => evaluate(e, { ...env, t: x }), 0, (2 * Math.PI) / w),
      10,
    );
    expect(evaluate(root.atRoot(parseExpr('cos(w*t)')), env)).toBeCloseTo(Math.cos(w * t), 12);
    expect(evaluate(root.atRoot(parseExpr('sin(w*t)')), env)).toBeCloseTo(Math.sin(w * t), 12);
  });
  it('one closed form, 2(π/2 − arctan(b/c))/ω, for either sign of c: found at c > 0, it is the first root at c < 0 too', () => {
    const e = parseExpr('b*(cos(w*t) - 1) + c*sin(w*t)');
    const root = swingRoot(e, { b: 0.3, c: 2, w: 5 })!;
    for (const env of [
      { b: 0.3, c: -2, w: 5 },
      { b: -1, c: -0.5, w: 3 },
    ]) {
      const first = firstRoot((x) => evaluate(e, { ...env, t: x }), 0, (2 * Math.PI) / env.w);
      expect(evaluate(root.time, env)).toBeCloseTo(first, 10);
      expect(evaluate(root.time, env)).toBeCloseTo((2 * (Math.PI / 2 - Math.atan(env.b / env.c))) / env.w, 14);
    }
  });
  it('starting later: θ = ω(t − t₀)', () => {
    const e = parseExpr('b*(cos(w*(t - s)) - 1) + c*sin(w*(t - s))');
    const env = { b: -0.4, c: 1.5, w: 3, s: 0.7 };
    const t = evaluate(swingRoot(e, env)!.time, env);
    expect(t).toBeCloseTo(0.7 + firstRoot((x) => evaluate(e, { ...env, t: 0.7 + x }), 0, (2 * Math.PI) / 3), 10);
  });
});

describe('a damped swing from the surface, c·e^{−γt} sin ωt', () => {
  it('ends at ωt = π', () => {
    const e = parseExpr('c*exp(-r*t)*sin(w*t)');
    expect(evaluate(swingRoot(e, { c: 2, r: 0.3, w: 4 })!.time, { c: 2, r: 0.3, w: 4 })).toBeCloseTo(Math.PI / 4, 14);
  });
});

describe('a swing without a constant force, started half a turn on (kozlov1988 (4.6)’s upper wall)', () => {
  // The kernel writes v sin √N(t − τ), τ = π/√N + l/v, as v sin(√N l/v − √N t): θ decreasing, π off at the start.
  const env = { N: 100, v: 1.3, l: 0.5 };
  const e = simplify(parseExpr('v*sin(sqrt(N)*(t - pi/sqrt(N) - l/v))'));
  it('ends π/√N after its start, at 2π/√N + l/v, where cos √N(t − τ) = −1', () => {
    const root = swingRoot(e, env, (2 * Math.PI) / 10 + 0.5 / 1.3)!;
    expect(evaluate(root.time, env)).toBeCloseTo((2 * Math.PI) / 10 + 0.5 / 1.3, 14);
    expect(evaluate(root.atRoot(simplify(parseExpr('cos(sqrt(N)*(t - pi/sqrt(N) - l/v))'))), env)).toBeCloseTo(-1, 14);
  });
});

describe('outside the class', () => {
  it.each([
    ['not vanishing at the start', 'a + b*cos(w*t) + c*sin(w*t)'],
    ['two frequencies', 'sin(w*t) + sin(2*w*t)'],
    ['a polynomial', 't^2 - 1'],
    ['damped, from inside', 'exp(-r*t)*(cos(w*t) + sin(w*t))'],
    ['no sine: a double root at the start', 'b*(cos(w*t) - 1)'],
  ])('%s: undefined', (_, source) => {
    expect(swingRoot(parseExpr(source), { a: 0.5, b: 1, c: 2, w: 3, r: 0.2 })).toBeUndefined();
  });
});

describe('a swing from off the surface: kozlov1988 §2’s point pressed into the elastic line, after t = 1', () => {
  // Typed from §2: y = g(cos √N t − 1)/N until t = 1, then ÿ = g − Ny; as the kernel writes it, with the phase of
  // t = 1 carried in cos(√N − √N t) beside cos √N t.
  const y = simplify(parseExpr('g/N - 2*g*cos(sqrt(N) - sqrt(N)*t)/N + g*cos(sqrt(N)*t)/N'));
  const ydot = simplify(parseExpr('-2*g*sin(sqrt(N) - sqrt(N)*t)/sqrt(N) - g*sin(sqrt(N)*t)/sqrt(N)'));
  it.each([10, 100, 1000, 4e4])('N = %s: the first root of y after 1, and there ẏ = 2g√(1 − cos √N)/√N (the energy ½ẏ² + ½Ny² − gy)', (N) => {
    const env = { g: 1.7, N };
    const root = offSurfaceRoot(y, env, num(1))!;
    const tau = evaluate(root.time, env);
    expect(tau).toBeCloseTo(1 + firstRoot((x) => evaluate(y, { ...env, t: 1 + x }), 1e-9, (2 * Math.PI) / Math.sqrt(N)), 10);
    // One closed form for every N: the one found at N = 100 gives the same root.
    expect(evaluate(offSurfaceRoot(y, { g: 1.7, N: 100 }, num(1))!.time, env)).toBeCloseTo(tau, 12);
    // Within half a period of the line's end (its sup over N, at √N ≡ π/2 mod 2π).
    expect(Math.sqrt(N) * (tau - 1)).toBeLessThanOrEqual(Math.PI / 2 + 1e-12);
    expect(evaluate(root.atRoot(y), { ...env, t: tau })).toBeCloseTo(0, 12);
    expect(evaluate(root.atRoot(ydot), { ...env, t: tau })).toBeCloseTo((2 * 1.7 * Math.sqrt(1 - Math.cos(Math.sqrt(N)))) / Math.sqrt(N), 12);
  });
  it('is not for a swing from the surface, nor for two frequencies', () => {
    expect(offSurfaceRoot(parseExpr('b*(cos(w*(t - 1)) - 1) + c*sin(w*(t - 1))'), { b: 1, c: 2, w: 3 }, num(1))).toBeUndefined();
    expect(offSurfaceRoot(parseExpr('a + sin(w*t) + sin(2*w*t)'), { a: 0.5, w: 3 }, num(0))).toBeUndefined();
  });
});
