// Multiple angles of one symbol in powers of its cosine (src/core/chebyshev.ts):
// equal to the input at random points, with no multiple left in the numerator,
// the denominator kept as it was, and nothing done where no multiple runs past 2.
import { describe, expect, it } from 'vitest';
import { children, type Expr } from '../../src/core/expr.js';
import { evaluate } from '../../src/core/evaluate.js';
import { multipleAnglesInPowers } from '../../src/core/chebyshev.js';
import { parseExpr } from '../../src/core/parse.js';
import { rng, uniform } from '../helpers/random.js';

/** Whether e holds a sine or cosine of a multiple n·x, |n| ≥ 2. */
const hasMultiple = (e: Expr): boolean =>
  (e.kind === 'fn' && (e.name === 'sin' || e.name === 'cos') && e.args[0]!.kind === 'mul') || children(e).some(hasMultiple);

describe('multiple angles in powers of the cosine', () => {
  const r = rng(7);
  const points = Array.from({ length: 20 }, () => ({ a: uniform(r, -3, 3), u: uniform(r, -2, 2), v: uniform(r, -2, 2), k: uniform(r, 0.5, 2) }));
  it.each([
    // sin 3a + sin 5a = 2 sin 4a cos a = 8 sin a cos²a cos 2a = 8 sin a cos²a (2cos²a − 1).
    ['u*(sin(3*a) + sin(5*a)) + v*(4*sin(a) + 5*sin(3*a) + sin(5*a))'],
    ['cos(4*a) - 3*cos(3*a) + sin(-3*a)*u'],
    ['(u*sin(5*a) + v*cos(2*a))/(k + sin(2*a)^2)'],
  ])('%s: equal at 20 points, no multiple left above', (text) => {
    const e = parseExpr(text);
    const out = multipleAnglesInPowers(e);
    for (const p of points) expect(evaluate(out, p)).toBeCloseTo(evaluate(e, p), 10);
    const over = out.kind === 'mul' ? out.factors.filter((f) => !(f.exp.kind === 'num' && f.exp.value.n < 0)).map((f) => f.base) : [out];
    expect(over.some(hasMultiple)).toBe(false);
  });
  it('sin 3a + sin 5a is 8 sin a cos²a (2cos²a − 1), its factors pulled out', () => {
    const out = multipleAnglesInPowers(parseExpr('sin(3*a) + sin(5*a)'));
    const want = parseExpr('8*sin(a)*cos(a)^2*(2*cos(a)^2 - 1)');
    for (const p of points) expect(evaluate(out, p)).toBeCloseTo(evaluate(want, p), 10);
    expect(out.kind).toBe('mul');
  });
  it('keeps the denominator as it was, and an expression whose multiples stop at 2 whole', () => {
    const den = parseExpr('k + sin(2*a)^2');
    const out = multipleAnglesInPowers(parseExpr('sin(3*a)/(k + sin(2*a)^2)'));
    expect(out.kind === 'mul' && out.factors.some((f) => f.base === den)).toBe(true);
    const double = parseExpr('u*cos(2*a) + sin(2*a)');
    expect(multipleAnglesInPowers(double)).toBe(double);
  });
});
