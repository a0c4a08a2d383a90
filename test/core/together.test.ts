// The rational normal form of quotients: one common denominator, numeric
// and monomial content split off so it cancels, numerators trig-simplified.
import { describe, expect, it } from 'vitest';
import type { Expr } from '../../src/core/expr.js';
import { evaluate } from '../../src/core/evaluate.js';
import { parseExpr } from '../../src/core/parse.js';
import { together } from '../../src/core/together.js';
import { agreeNumerically, randomExprs } from './random-expr.js';

const p = (s: string): Expr => parseExpr(s);

describe('together', () => {
  it('brings a sum of quotients over one denominator and cancels its content: −3 + 2(3s² − 1)/(2/3 + 2s²) = −6/(1 + 3s²)', () => {
    expect(together(p('-3 + 2*(3*s^2 - 1)/(2/3 + 2*s^2)'))).toBe(p('-6/(1 + 3*s^2)'));
  });
  it('cancels a monomial common to numerator and denominator: (a²b + ab²)/(ab) = a + b', () => {
    expect(together(p('(a^2*b + a*b^2)/(a*b)'))).toBe(p('a + b'));
  });
  it('simplifies the trigonometry of the common numerator: sin²x/(1 + y) + cos²x/(1 + y) = 1/(1 + y)', () => {
    expect(together(p('sin(x)^2/(1 + y) + cos(x)^2/(1 + y)'))).toBe(p('1/(1 + y)'));
  });
  it("gives the compass's post-impact velocity in the paper's form (Rubanovich–Formalsky (1.16))", () => {
    const v = together(p('w - 6*w*sin(a)^2/(1 + 3*sin(a)^2)'));
    expect(v).toBe(p('w*(1 - 3*sin(a)^2)/(1 + 3*sin(a)^2)'));
  });
  it('is idempotent and keeps the value of random quotients', () => {
    const exprs = randomExprs(7001, 60, { depth: 3, exp: false, halfPowers: false });
    for (const [i, e] of exprs.entries()) {
      const t = together(e);
      expect(together(t), `case ${i}`).toBe(t);
      expect(agreeNumerically(e, t, 7001 + i, 4, 1e-7).mismatch, `case ${i}`).toBeUndefined();
    }
  });
  it('leaves a polynomial alone: together(a + b) = a + b', () => {
    expect(together(p('a + b'))).toBe(p('a + b'));
    expect(evaluate(together(p('1/(x - 1) - 1/(x + 1)')), { x: 3 })).toBeCloseTo(0.25, 14);
  });
});
