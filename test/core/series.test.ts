// Asymptotic expansions as N → ∞ to a stated remainder o(N^r), each against
// the series worked out by hand (binomial and Taylor series about 0), and
// undefined wherever the expression has no expansion in powers of N^{−1/2}.
import { describe, expect, it } from 'vitest';
import { sub, ZERO, type Expr } from '../../src/core/expr.js';
import { parseExpr } from '../../src/core/parse.js';
import * as Q from '../../src/core/rational.js';
import { asymptoticExpansion } from '../../src/core/series.js';
import { simplify } from '../../src/core/trig.js';

const positive = (s: Expr): boolean => s.kind === 'sym' && ['g', 'v'].includes(s.name);
const expand = (text: string, n: number, d = 1) => asymptoticExpansion(parseExpr(text), 'N', Q.rat(n, d), positive);
const same = (a: Expr | undefined, b: string): boolean => a !== undefined && simplify(sub(a, parseExpr(b))) === ZERO;

describe('expansions as N → ∞', () => {
  it.each([
    ['sqrt(N^2 + N) - N', -2, 1, '1/2 - 1/(8*N) + 1/(16*N^2)'],
    ['N*sin(1/N)', -2, 1, '1 - 1/(6*N^2)'],
    ['exp(1/N)', -2, 1, '1 + 1/N + 1/(2*N^2)'],
    ['N*log(1 + 1/N)', -1, 1, '1 - 1/(2*N)'],
    ['acos(1/sqrt(1 + N))', -1, 1, 'pi/2 - N^(-1/2)'],
    ['acos(1/sqrt(1 + N))', -3, 2, 'pi/2 - N^(-1/2) + N^(-3/2)/3'],
    // atan x = x − x³/3 + … about 0, and π/4 + (x − 1)/2 − … about 1.
    ['N*atan(1/N)', -2, 1, '1 - 1/(3*N^2)'],
    ['atan(1 + 1/N)', -1, 1, 'pi/4 + 1/(2*N)'],
    ['sqrt(N + 1)', 0, 1, 'sqrt(N)'],
    ['sqrt(N + 1)', -1, 2, 'sqrt(N) + N^(-1/2)/2'],
    ['(g^2 + N*v^2)^(-1/2)', -3, 2, 'N^(-1/2)/v - g^2/(2*v^3)*N^(-3/2)'],
    ['1/(N + 1)', -1, 2, '0'],
    ['1/(N + 1)', -1, 1, '1/N'],
    // Integer powers of 1/N only: everything past the constant is o(N^{−1/2}).
    ['(N + 2)/(N - 1)', -1, 2, '1'],
    ['x^2 + 1', -1, 1, 'x^2 + 1'],
  ])('%s to o(N^(%i/%i))', (e, n, d, expected) => {
    expect(same(expand(e, n, d), expected)).toBe(true);
  });

  it('kozlov1988 (4.4)’s bound typed from the paper, 1/(g[v/g + N^{−1/2} arcctg(−gv⁻¹N^{−1/2})]²), gives (4.5) and, by hand, its next term (3π²/4 − 2)g³v⁻⁴N⁻¹', () => {
    const bound = '1/(g*(v/g + N^(-1/2)*arcctg(-g*v^(-1)*N^(-1/2)))^2)';
    expect(same(expand(bound, -1, 2), 'g*v^(-2) - pi*g^2*v^(-3)*N^(-1/2)')).toBe(true);
    expect(same(expand(bound, -1), 'g*v^(-2) - pi*g^2*v^(-3)*N^(-1/2) + (3*pi^2/4 - 2)*g^3*v^(-4)*N^(-1)')).toBe(true);
    expect(same(expand(bound, -1, 2), 'g*v^(-2) + pi*g^2*v^(-3)*N^(-1/2)')).toBe(false);
  });

  it('a root of a coefficient not known positive is kept as a root: (a²)^{−1/2}, not a⁻¹', () => {
    expect(same(expand('(1 + N*a^2)^(-1/2)', -1, 2), '(a^2)^(-1/2)*N^(-1/2)')).toBe(true);
  });

  it.each([
    ['oscillating', 'cos(sqrt(N)*t)'],
    ['growing exponentially', 'exp(N)'],
    ['N in an exponent', 'N^t'],
    ['a function of a growing argument', 'abs(1 - N)'],
    ['log at 0', 'log(1/N)'],
    ['acos at 1, where it has no derivative', 'acos(1 - 1/N)'],
    ['N under a third power', 'N^(1/3)'],
  ])('is undefined when %s: %s', (_, e) => {
    expect(expand(e, -1)).toBeUndefined();
  });
});
