// Product-to-sum linearization (src/core/fourier.ts): the packed route
// (angles as integers) against the identities typed by hand, against the
// route by expressions node for node, and against the polynomial's values.
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/core/evaluate.js';
import { add, addAll, cos, HALF, mul, num, ONE, pow, sin, sub, sym, type Expr } from '../../src/core/expr.js';
import { generalLinearize, linearize } from '../../src/core/fourier.js';
import { rat } from '../../src/core/rational.js';
import { rng, uniform, type Rng } from '../helpers/random.js';

const [a, b, c] = ['a', 'b', 'c'].map(sym) as [Expr, Expr, Expr];
const half = HALF;

describe('the Fourier form of a trig polynomial', () => {
  it('cos a cos b = ½cos(a − b) + ½cos(a + b)', () => {
    expect(linearize(mul(cos(a), cos(b)))).toBe(add(mul(half, cos(sub(a, b))), mul(half, cos(add(a, b)))));
  });
  it('sin a sin b = ½cos(a − b) − ½cos(a + b)', () => {
    expect(linearize(mul(sin(a), sin(b)))).toBe(sub(mul(half, cos(sub(a, b))), mul(half, cos(add(a, b)))));
  });
  it('sin²a = ½ − ½cos 2a, and sin²a + cos²a = 1', () => {
    expect(linearize(pow(sin(a), 2))).toBe(sub(half, mul(half, cos(mul(num(2), a)))));
    expect(linearize(add(pow(sin(a), 2), pow(cos(a), 2)))).toBe(ONE);
  });
  it('4 cos³a = 3 cos a + cos 3a', () => {
    expect(linearize(mul(num(4), pow(cos(a), 3)))).toBe(add(mul(num(3), cos(a)), cos(mul(num(3), a))));
  });
});

/** A random trig polynomial: terms of up to `degree` factors sin or cos of integer combinations of a, b, c (some with a constant or a half, which the packed route leaves to the other). */
function randomPoly(r: Rng, degree: number, odd: boolean): Expr {
  const angle = (): Expr => {
    const k = (): number => Math.floor(uniform(r, -2, 3));
    const base = add(mul(num(k()), a), mul(num(k()), b), mul(num(k()), c));
    const x = base.kind === 'num' ? a : base;
    if (!odd) return x;
    return r() < 0.5 ? add(x, num(1)) : mul(half, x);
  };
  const terms: Expr[] = [num(rat(Math.floor(uniform(r, -3, 4)), 3))];
  for (let t = 0; t < 6; t++) {
    const factors: Expr[] = [num(rat(Math.floor(uniform(r, -9, 10)) || 1, Math.floor(uniform(r, 1, 5))))];
    const d = 1 + Math.floor(uniform(r, 0, degree));
    for (let i = 0; i < d; i++) factors.push(r() < 0.5 ? sin(angle()) : cos(angle()));
    terms.push(mul(...factors));
  }
  return addAll(terms);
}

describe('the packed route', () => {
  for (const [seed, odd] of [
    [1, false],
    [2, false],
    [3, false],
    [4, true],
    [5, true],
  ] as const) {
    it(`gives the route by expressions' form, equal in value (seed ${seed}${odd ? ', constants and halves' : ''})`, () => {
      const r = rng(seed);
      for (let n = 0; n < 20; n++) {
        const poly = randomPoly(r, 6, odd);
        if (poly.kind !== 'add' || !poly.terms.every((t) => t.expr.kind !== 'num')) continue;
        const form = linearize(poly);
        expect(form).toBe(generalLinearize(poly));
        const env = { a: uniform(r, -3, 3), b: uniform(r, -3, 3), c: uniform(r, -3, 3) };
        const v = evaluate(poly, env);
        expect(evaluate(form, env)).toBeCloseTo(v, 9);
      }
    });
  }
});
