// Closed-form roots in t of a condition on a load swept in time (src/studies/time-root.ts): each closed form is
// evaluated at parameters other than those it was found at, against the root solved by hand.
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/core/evaluate.js';
import { parseExpr } from '../../src/core/parse.js';
import { timeRoot } from '../../src/studies/time-root.js';

const state = ['x', 'xd'];

describe('the time a swept load changes sign, in closed form', () => {
  it('N = −F cos ωt (smirnov1981 §2, example 1): π/(2ω) and 3π/(2ω), whichever was located', () => {
    const env = { F: 2, omega: 1.5, x: 0.3, xd: 1 };
    const first = timeRoot(parseExpr('-F*cos(omega*t)'), state, env, Math.PI / 3)!;
    const second = timeRoot(parseExpr('-F*cos(omega*t)'), state, env, Math.PI)!;
    expect(evaluate(first, { omega: 4 })).toBeCloseTo(Math.PI / 8, 12);
    expect(evaluate(second, { omega: 4 })).toBeCloseTo((3 * Math.PI) / 8, 12);
  });
  it('a growing moment: (P(a − f w sgn ẋ) − M − k t)/(1 + w f sgn ẋ) vanishes at t = (P(a − f w) − M)/k while ẋ > 0 (the sweep’s Δ is free of x)', () => {
    const e = parseExpr('(P*(a - f*w*sign(xd)) - M - k*t)/(1 + w*f*sign(xd))');
    const env = { P: 2, a: 0.5, f: 0.2, w: 0.2, M: 0.08, k: 1, x: 0.3, xd: 1.2 };
    const t = timeRoot(e, state, env, 0.84)!;
    expect(evaluate(t, { ...env, P: 3, k: 2 })).toBeCloseTo((3 * (0.5 - 0.04) - 0.08) / 2, 12);
  });
  it('the end of rest, f₂F cos ωt = |F_x|: arccos(F_x/(f₂F))/ω, π/(3ω) at F_x = f₂F/2', () => {
    const e = parseExpr('f2*F*cos(omega*t) - abs(Fx)');
    const t = timeRoot(e, state, { f2: 0.5, F: 2, Fx: 0.5, omega: 1 }, Math.PI / 3)!;
    expect(evaluate(t, { f2: 0.5, F: 2, Fx: 0.5, omega: 2 })).toBeCloseTo(Math.PI / 6, 12);
    expect(evaluate(t, { f2: 0.5, F: 2, Fx: 0.25, omega: 1 })).toBeCloseTo(Math.acos(0.25), 12);
  });
  it('a sine with a phase: sin(ωt − 1) = 0 at (π + 1)/ω after 1/ω', () => {
    const t = timeRoot(parseExpr('sin(omega*t - 1)'), state, { omega: 2 }, (Math.PI + 1) / 2)!;
    expect(evaluate(t, { omega: 5 })).toBeCloseTo((Math.PI + 1) / 5, 12);
  });
  it('none where the reaction depends on the state, or t enters beyond one trigonometric factor', () => {
    expect(timeRoot(parseExpr('2 - x - t'), state, { x: 1 }, 1)).toBeUndefined();
    expect(timeRoot(parseExpr('cos(t) - t/2'), state, {}, 1.0299)).toBeUndefined();
  });
});
