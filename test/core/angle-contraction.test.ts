// Sines and cosines of angle sums printed in the papers' contracted form:
// kugushev2002 (10.15) writes the double pendulum's equations with
// cos(q₁ − q₂) and sin(q₁ − q₂), where an expanded derivation gives
// products of sines and cosines of q₁ and q₂; the same function everywhere.
import { describe, expect, it } from 'vitest';
import { contractAngleSums } from '../../src/core/angle-contraction.js';
import type { Expr } from '../../src/core/expr.js';
import { parseExpr } from '../../src/core/parse.js';
import { agreeNumerically, randomExprs } from './random-expr.js';

const p = (s: string): Expr => parseExpr(s);

describe('angle sums contracted', () => {
  it('joins the four addition formulas, beside other terms', () => {
    expect(contractAngleSums(p('m*cos(a)*cos(b) + m*sin(a)*sin(b)'))).toBe(p('m*cos(a - b)'));
    expect(contractAngleSums(p('cos(a)*cos(b) - sin(a)*sin(b) + k'))).toBe(p('cos(a + b) + k'));
    expect(contractAngleSums(p('sin(a)*cos(b) - cos(a)*sin(b)'))).toBe(p('sin(a - b)'));
    expect(contractAngleSums(p('2*l*sin(a)*cos(b) + 2*l*cos(a)*sin(b)'))).toBe(p('2*l*sin(a + b)'));
  });

  it('gives the factors of kugushev2002 (10.15): the mass matrix’s m₂l₁l₂cos(q₁ − q₂), and sin(q₁ − q₂) of the forcing', () => {
    // The expanded kinetic coupling and the centripetal term of the lower rod's equation.
    expect(contractAngleSums(p('m2*l1*l2*(cos(q1)*cos(q2) + sin(q1)*sin(q2))'))).toBe(p('m2*l1*l2*cos(q1 - q2)'));
    expect(contractAngleSums(p('m2*l1*l2*v^2*(cos(q1)*sin(q2) - sin(q1)*cos(q2))'))).toBe(p('-m2*l1*l2*v^2*sin(q1 - q2)'));
  });

  it('uses cos² = 1 − sin² where that lets a pair join: sin q₁ − sin q₁ cos²q₂ + cos q₁ sin q₂ cos q₂ = sin q₂ cos(q₁ − q₂)', () => {
    expect(contractAngleSums(p('sin(q1) - sin(q1)*cos(q2)^2 + cos(q1)*sin(q2)*cos(q2)'))).toBe(p('sin(q2)*cos(q1 - q2)'));
  });

  it('leaves what joins nothing: one angle, unequal coefficients, a lone product', () => {
    for (const s of ['sin(a)*cos(a) + k', 'cos(a)*cos(b) + 2*sin(a)*sin(b)', 'sin(a)*cos(b)', 'cos(a)^2 + sin(b)']) expect(contractAngleSums(p(s))).toBe(p(s));
  });

  it('keeps the function of random expressions with sines and cosines (300 of them, 4 points each)', () => {
    for (const [i, x] of randomExprs(9700, 300, { depth: 3, quotients: true }).entries()) {
      const r = agreeNumerically(x, contractAngleSums(x), 9700 + i);
      expect(r.mismatch, `${i}`).toBeUndefined();
    }
  });
});
