// Sines and cosines of small integer combinations of symbols written in the
// symbols' own sines and cosines, the expansion the printer's contraction
// pass starts from (kugushev2002 (10.15): sin(q₁ + q₂) − sin(q₁ − 3q₂) =
// 4 cos(q₁ − q₂) cos q₂ sin q₂).
import { describe, expect, it } from 'vitest';
import type { Expr } from '../../src/core/expr.js';
import { expandedAngles } from '../../src/core/multiple-angles.js';
import { parseExpr } from '../../src/core/parse.js';
import { toText } from '../../src/core/print.js';
import { agreeNumerically, randomTrigPolynomial } from './random-expr.js';

const p = (s: string): Expr => parseExpr(s);

describe('multiple angles expanded', () => {
  it('writes sines and cosines of sums and multiples in single angles', () => {
    expect(expandedAngles(p('sin(a + b)'))).toBe(p('sin(a)*cos(b) + cos(a)*sin(b)'));
    expect(expandedAngles(p('cos(a - b)'))).toBe(p('cos(a)*cos(b) + sin(a)*sin(b)'));
    expect(expandedAngles(p('sin(2*a)'))).toBe(p('2*sin(a)*cos(a)'));
    // cos 3a = 4cos³a − 3cos a, in whichever of its Pythagorean forms the recursion gives.
    expect(agreeNumerically(p('4*cos(x)^3 - 3*cos(x)'), expandedAngles(p('cos(3*x)')), 1).mismatch).toBeUndefined();
  });

  it('gives kugushev2002’s product: sin(q₁ + q₂) − sin(q₁ − 3q₂) in the sines and cosines of q₁ and q₂ alone', () => {
    const e = expandedAngles(p('sin(x + y) - sin(x - 3*y)'));
    expect(agreeNumerically(p('4*cos(x - y)*cos(y)*sin(y)'), e, 2).mismatch).toBeUndefined();
    expect(toText(e)).not.toMatch(/(sin|cos)\((?![xy]\))/);
  });

  it('leaves single angles, non-integer and large multiples, products of symbols, and the sines and cosines inside other factors', () => {
    for (const s of ['sin(a)', 'cos(a/2 + b)', 'sin(5*a)', 'cos(a*b)', 'm/(cos(a - b)^2 + k)', 'sin(a)^(-1)*sin(a + b)^(-1)'])
      expect(expandedAngles(p(s))).toBe(p(s));
  });

  it('keeps the function of random trig polynomials (200 of them, 4 points each)', () => {
    let changed = 0;
    for (let i = 0; i < 200; i++) {
      const e = randomTrigPolynomial(4100 + i);
      const x = expandedAngles(e);
      if (x !== e) changed++;
      expect(agreeNumerically(e, x, 4100 + i).mismatch, `${i}`).toBeUndefined();
    }
    // Most have a multiple angle to expand: the property is not met by leaving them.
    expect(changed).toBeGreaterThan(150);
  });
});
