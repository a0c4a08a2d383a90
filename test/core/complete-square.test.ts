// Perfect squares completed for printing: the compass walker's denominator
// m b² + l(l(m_H + m(1 + sin²2a₁)) − 2mb) is m(l − b)² + l²(m_H + m sin²2a₁)
// (goswami1998), equal at every point and shorter.
import { describe, expect, it } from 'vitest';
import { completeSquares } from '../../src/core/complete-square.js';
import { opCount } from '../../src/core/cost.js';
import { evaluate } from '../../src/core/evaluate.js';
import { collectFactors } from '../../src/core/factor.js';
import type { Expr } from '../../src/core/expr.js';
import { parseExpr } from '../../src/core/parse.js';
import { rng } from './random-expr.js';

const p = (s: string): Expr => parseExpr(s);

/** Whether a and b agree at random positive points of the named symbols. */
function agree(a: Expr, b: Expr, names: readonly string[]): boolean {
  const next = rng(7);
  for (let k = 0; k < 20; k++) {
    const env = Object.fromEntries(names.map((n) => [n, 0.2 + 2 * next()]));
    const [x, y] = [evaluate(a, env), evaluate(b, env)];
    if (Math.abs(x - y) > 1e-12 * (1 + Math.abs(x))) return false;
  }
  return true;
}

describe('perfect squares completed', () => {
  it('writes the compass walker’s denominator with m(l − b)², equal and shorter than its factors collected', () => {
    const d = p('m*b^2 + mH*l^2 + m*l^2 + m*l^2*sin(2*a1)^2 - 2*m*b*l');
    const out = completeSquares(d);
    expect(out).toBe(p('m*(l - b)^2 + l^2*(mH + m*sin(2*a1)^2)'));
    expect(agree(out, d, ['m', 'b', 'mH', 'l', 'a1'])).toBe(true);
    expect(opCount(out)).toBeLessThan(opCount(collectFactors(d)));
    // Also from a form with factors taken out, as the report's tidying meets it.
    expect(completeSquares(p('m*b^2 + l*(l*(mH + m*(1 + sin(2*a1)^2)) - 2*m*b)'))).toBe(out);
  });

  it('takes a coefficient ratio that is a rational square and a constant term: 4x² + 12xy + 9y² + 1 = (2x + 3y)² + 1', () => {
    const e = p('4*x^2 + 12*x*y + 9*y^2 + 1');
    const out = completeSquares(e);
    expect(out).toBe(p('4*(x + 3/2*y)^2 + 1'));
    expect(agree(out, e, ['x', 'y'])).toBe(true);
    expect(completeSquares(p('1 + 2*x + x^2'))).toBe(p('(1 + x)^2'));
  });

  it('leaves a sum whose cross term does not match, or whose square is no shorter, to collectFactors', () => {
    for (const s of ['m*b^2 + m*l^2 - 3*m*b*l', 'm*b^2 - m*l^2 - 2*m*b*l', 'a^2 + b^2 + c', 'x^2 + 2*x*y + y^2*z']) {
      expect(completeSquares(p(s))).toBe(collectFactors(p(s)));
    }
  });
});
