import { describe, expect, it } from 'vitest';
import { mul, pow, sym, type Expr } from '../../src/core/expr.js';
import { evaluate } from '../../src/core/evaluate.js';
import { parseExpr } from '../../src/core/parse.js';
import { combineRadicals, provenPositive } from '../../src/core/radicals.js';
import { agreeNumerically, randomExprs } from './random-expr.js';

const p = (s: string): Expr => parseExpr(s);
const positive =
  (...names: string[]) =>
  (s: Expr): boolean =>
    s.kind === 'sym' && names.includes(s.name);

describe('products of square roots as one root', () => {
  it('joins a number’s root with any other: √2·√q = √(2q)', () => {
    expect(combineRadicals(p('sqrt(2)*sqrt(q)'))).toBe(p('sqrt(2*q)'));
  });
  it('cancels a radicand the positive stiffness N shares: √N·k/√(4Nc² − Nk²) = k/√(4c² − k²) (kozlov1988 Th. 3)', () => {
    expect(combineRadicals(p('sqrt(N)*k/sqrt(4*N*c^2 - N*k^2)'), positive('N'))).toBe(p('k/sqrt(4*c^2 - k^2)'));
  });
  it('takes √N out of a sum to cancel it: (√N·k + N·ν)/√(N·X) = (k + √N·ν)/√X', () => {
    expect(combineRadicals(p('(sqrt(N)*k + N*nu)/sqrt(N*X)'), positive('N'))).toBe(p('(k + sqrt(N)*nu)/sqrt(X)'));
  });
  it('keeps a root over a root as a fraction: √2·√(kq + x)/√k = √(2(kq + x))/√k, k > 0 or not', () => {
    const e = p('sqrt(2)*sqrt(k*q + x)/sqrt(k)');
    expect(combineRadicals(e, positive('k'))).toBe(p('sqrt(2*(k*q + x))/sqrt(k)'));
    expect(combineRadicals(e)).toBe(p('sqrt(2*(k*q + x))/sqrt(k)'));
  });
  it('does not split a radicand without the assumption: √N/√(N·X) keeps N under both roots', () => {
    const e = p('sqrt(N)/sqrt(N*X)');
    const r = combineRadicals(e);
    expect(r).not.toBe(p('1/sqrt(X)'));
    expect(evaluate(r, { N: -2, X: -3 })).toBeNaN(); // √N is not real at N < 0, the original neither
  });
  it('takes a quotient of squares out of its root for positive parameters: √(v²/g²) = v/g (the flight of kozlov1988 (4.2)), |v|/|g| else', () => {
    const e = p('sqrt(v^2/g^2)');
    expect(combineRadicals(e, positive('v', 'g'))).toBe(p('v/g'));
    expect(combineRadicals(e, positive('g'))).toBe(e);
    expect(evaluate(combineRadicals(e), { v: -1, g: 2 })).toBe(0.5);
  });
  it('takes no square out of a root unless its base is positive: √2·√(b²x) is √(2b²x), not b√(2x)', () => {
    expect(combineRadicals(p('sqrt(2)*sqrt(b^2*x)'))).toBe(pow(mul(p('2'), pow(sym('b'), 2), sym('x')), p('1/2')));
    expect(combineRadicals(p('sqrt(2)*sqrt(b^2*x)'), positive('b'))).toBe(mul(sym('b'), pow(p('2*x'), p('1/2'))));
  });
  it('takes a number’s square factors out of its root: 2k/√(4N(c² − k²))·√N = k/√(c² − k²) (kozlov1988 Th. 3, g₁₁ = 1)', () => {
    expect(combineRadicals(p('2*k*sqrt(N)/sqrt(4*N*(c^2 - k^2))'), positive('N'))).toBe(p('k/sqrt(c^2 - k^2)'));
    expect(combineRadicals(p('sqrt(12)*sqrt(x)'))).toBe(p('2*sqrt(3*x)'));
    expect(combineRadicals(p('sqrt(2)/sqrt(8*x)'))).toBe(p('1/(2*sqrt(x))'));
    // without signs for N and the difference: the duration of Th. 3 at ν = 0, 2π/√(4N(c² − k²)) = π/√(N(c² − k²))
    expect(combineRadicals(p('2*pi/sqrt(4*N*(c^2 - k^2))'))).toBe(p('pi/sqrt(N*(c^2 - k^2))'));
  });
  it('keeps the value of 300 random expressions wherever they are real', () => {
    for (const [i, x] of randomExprs(7300, 300, { depth: 3 }).entries()) {
      const r = agreeNumerically(x, combineRadicals(x), 7300 + i);
      expect(r.mismatch, `seed ${7300 + i}`).toBeUndefined();
    }
  });
});

describe('proven positive', () => {
  it('holds for positive numbers, vouched symbols and their sums, products and powers', () => {
    expect(provenPositive(p('2*m + k^2*m'), positive('m', 'k'))).toBe(true);
    expect(provenPositive(p('exp(x)'), positive())).toBe(true);
  });
  it('fails for a difference or an unvouched symbol', () => {
    expect(provenPositive(p('m - k'), positive('m', 'k'))).toBe(false);
    expect(provenPositive(p('x'), positive('m'))).toBe(false);
  });
});
