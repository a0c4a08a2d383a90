import { describe, expect, it } from 'vitest';
import { collectCoefficients } from '../../src/core/coefficients.js';
import { expand } from '../../src/core/expand.js';
import { dependsOn, type Expr } from '../../src/core/expr.js';
import { parseExpr } from '../../src/core/parse.js';
import { agreeNumerically, randomExprs } from './random-expr.js';

const p = (s: string): Expr => parseExpr(s);
/** Free of the state: here q1, q2 and x. */
const free = (e: Expr): boolean => !['q1', 'q2', 'x'].some((s) => dependsOn(e, s));

describe('collecting the coefficients of state monomials', () => {
  it('joins the potential of a 2-link pendulum by angle: g·l1·cos q1·(m1 + m2) + g·l2·m2·cos q2', () => {
    const L0 = expand(p('m1*g*l1*cos(q1) + m2*g*(l1*cos(q1) + l2*cos(q2))'));
    expect(collectCoefficients(L0, free)).toBe(p('g*l1*cos(q1)*(m1 + m2) + g*l2*m2*cos(q2)'));
  });
  it('takes the rational content and a leading minus out: −2a·x − 2b·x = −2(a + b)x', () => {
    expect(collectCoefficients(p('-2*a*x - 2*b*x + y'), free)).toBe(p('-2*(a + b)*x + y'));
  });
  it('drops a monomial whose coefficients cancel once multiplied out: (a + b)x − a·x − b·x = 0', () => {
    expect(collectCoefficients(p('(a + b)*x - a*x - b*x + sin(q1)'), free)).toBe(p('sin(q1)'));
  });
  it('leaves a sum whose state monomials are all distinct as it is', () => {
    const s = p('a*x + b*x^2 + c*cos(q1)*x + 3');
    expect(collectCoefficients(s, free)).toBe(s);
  });
  it('keeps the value of 300 random expressions', () => {
    const none = (e: Expr): boolean => !dependsOn(e, 'x');
    for (const [i, e] of randomExprs(7300, 300, { depth: 3 }).entries()) {
      const r = agreeNumerically(e, collectCoefficients(expand(e), none), 7300 + i);
      expect(r.mismatch, `seed ${7300 + i}`).toBeUndefined();
    }
  });
});
