// Sums of sines and cosines joined into products (src/core/sum-to-product.ts):
// smirnov1981 Δᵢ (2.4), the n-gon's two vertices iπ/n, (i + 1)π/n joined at
// their midpoint with the factor 2 sin(π/n); the same function everywhere.
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/core/evaluate.js';
import { collectFactors } from '../../src/core/factor.js';
import type { Expr } from '../../src/core/expr.js';
import { parseExpr } from '../../src/core/parse.js';
import { sumToProduct } from '../../src/core/sum-to-product.js';
import { agreeNumerically, randomTrigPolynomial } from './random-expr.js';

const p = (s: string): Expr => parseExpr(s);

describe('sum to product', () => {
  it('joins sin A ± sin B and cos A ± cos B at the half sum and half difference', () => {
    expect(sumToProduct(p('sin(a) + sin(b)'))).toBe(p('2*sin(a/2 + b/2)*cos(a/2 - b/2)'));
    expect(sumToProduct(p('sin(a) - sin(b)'))).toBe(p('2*cos(a/2 + b/2)*sin(a/2 - b/2)'));
    expect(sumToProduct(p('cos(a) + cos(b)'))).toBe(p('2*cos(a/2 + b/2)*cos(a/2 - b/2)'));
    expect(sumToProduct(p('cos(a) - cos(b)'))).toBe(p('-2*sin(a/2 + b/2)*sin(a/2 - b/2)'));
  });
  it('joins differences of squares: sin²A − sin²B = sin(A + B) sin(A − B), cos²A − cos²B its negative, beside a common cofactor', () => {
    expect(sumToProduct(p('x*sin(a)^2 - x*sin(b)^2'))).toBe(p('x*sin(a + b)*sin(a - b)'));
    expect(sumToProduct(p('cos(a)^2 - cos(b)^2'))).toBe(p('-sin(a + b)*sin(a - b)'));
  });
  it('leaves what has no product form: unequal coefficients, other cofactors, a sum of squares, mixed sine and cosine', () => {
    for (const s of ['sin(a) + 2*sin(b)', 'x*sin(a) + y*sin(b)', 'sin(a)^2 + sin(b)^2', 'sin(a) + cos(b)', 'x + y']) expect(sumToProduct(p(s))).toBe(p(s));
  });
  it('splits sin 2h beside a factor sin h, so that it is pulled out: x sin h + sin 2h = sin h (x + 2 cos h)', () => {
    expect(collectFactors(sumToProduct(p('x*sin(h) + sin(2*h)')))).toBe(p('sin(h)*(x + 2*cos(h))'));
  });
  it('smirnov1981 Δᵢ (2.4) as the derivation expands it becomes 2 sin(π/n)((1 + f²) cos(π/n) − c(f cos θ + σ sin θ)), θ = (2i + 1)π/n', () => {
    const expanded = p('c*(f*(sin(2*i*pi/n) - sin(2*i*pi/n + 2*pi/n)) + 2*s*(sin(i*pi/n)^2 - sin(i*pi/n + pi/n)^2)) + sin(2*pi/n)*(1 + f^2)');
    const joined = collectFactors(sumToProduct(expanded));
    expect(joined).toBe(p('2*sin(pi/n)*((1 + f^2)*cos(pi/n) - c*(f*cos(2*i*pi/n + pi/n) + s*sin(2*i*pi/n + pi/n)))'));
    for (const env of [
      { n: 6, i: 2, c: 0.7, f: 0.3, s: 1 },
      { n: 13, i: 5, c: 2.1, f: 1.4, s: -1 },
    ])
      expect(evaluate(joined, env)).toBeCloseTo(evaluate(expanded, env), 12);
  });
  it('is the same function on random trig polynomials', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const e = randomTrigPolynomial(seed);
      expect(agreeNumerically(sumToProduct(e), e, seed).mismatch).toBeUndefined();
    }
  });
});
