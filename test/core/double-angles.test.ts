// Double angles printed in the papers' contracted form: rubanovich1981
// (2.7) E_R1x = 2mlψ̇⁻ sin α sin 2α/(1 + I*), where the derivation gives
// 4mlψ̇⁻ cos α sin²α/(1 + I*); the same function everywhere it is defined.
import { describe, expect, it } from 'vitest';
import { doubleAngles } from '../../src/core/double-angles.js';
import type { Expr } from '../../src/core/expr.js';
import { parseExpr } from '../../src/core/parse.js';
import { agreeNumerically, randomExprs } from './random-expr.js';

const p = (s: string): Expr => parseExpr(s);

describe('double angles contracted', () => {
  it('joins sin x cos x in a product as often as both occur: 4 cos α sin²α = 2 sin α sin 2α (rubanovich1981 (2.7))', () => {
    expect(doubleAngles(p('4*m*l*w*cos(alpha)*sin(alpha)^2/(1 + I)'))).toBe(p('2*m*l*w*sin(alpha)*sin(2*alpha)/(1 + I)'));
    expect(doubleAngles(p('sin(x)^2*cos(x)^2'))).toBe(p('sin(2*x)^2/4'));
  });

  it('leaves 3 cos α sin²α as it is: joined, a new ½ would stand beside the sin α left over (rubanovich1981 (1.7))', () => {
    expect(doubleAngles(p('3*l*w*cos(alpha)*sin(alpha)^2/(1 + 3*sin(alpha)^2)'))).toBe(p('3*l*w*cos(alpha)*sin(alpha)^2/(1 + 3*sin(alpha)^2)'));
  });

  it('joins them in a denominator too: m/(4 cos β sin β) = m/(2 sin 2β)', () => {
    expect(doubleAngles(p('m/(4*cos(beta)*sin(beta))'))).toBe(p('m/(2*sin(2*beta))'));
  });

  it('joins P cos²x − P sin²x in a sum into P cos 2x, beside other terms', () => {
    expect(doubleAngles(p('I + m*cos(x)^2 - m*sin(x)^2'))).toBe(p('I + m*cos(2*x)'));
    expect(doubleAngles(p('cos(x)^2 - sin(x)^2'))).toBe(p('cos(2*x)'));
  });

  it('leaves what is no double angle: different angles, a sine over a cosine, unequal coefficients', () => {
    for (const s of ['sin(x)*cos(y)', 'sin(x)/cos(x)', 'cos(x)^2 - 2*sin(x)^2', 'I + cos(x)^2']) expect(doubleAngles(p(s))).toBe(p(s));
  });

  it('reaches inside functions and powers: sqrt(1 + sin(x) cos(x)) = sqrt(1 + sin(2x)/2)', () => {
    expect(doubleAngles(p('sqrt(1 + sin(x)*cos(x))'))).toBe(p('sqrt(1 + sin(2*x)/2)'));
  });

  it('keeps the function of random expressions with sines and cosines (300 of them, 4 points each)', () => {
    for (const [i, x] of randomExprs(9300, 300, { depth: 3, quotients: true }).entries()) {
      const r = agreeNumerically(x, doubleAngles(x), 9300 + i);
      expect(r.mismatch, `${i}`).toBeUndefined();
    }
  });

  it('is idempotent', () => {
    for (const x of randomExprs(9500, 200, { depth: 3, quotients: true })) expect(doubleAngles(doubleAngles(x))).toBe(doubleAngles(x));
  });
});
