import { describe, expect, it } from 'vitest';
import { add, addAll, cos, fn, HALF, mul, neg, num, ONE, pow, sin, sqrt, sub, sym, TWO, ZERO, type Expr } from '../../src/core/expr.js';
import { evaluate } from '../../src/core/evaluate.js';
import { expand, expandAll, expandTerms, productsInExpansion } from '../../src/core/expand.js';
import { parseExpr } from '../../src/core/parse.js';
import { toText } from '../../src/core/print.js';
import { rat } from '../../src/core/rational.js';
import { canonicalProblems, snapshot } from './canonical.js';
import { nerdamerExpand, nerdamerValue, oraclePoint } from './nerdamer-oracle.js';
import { agreeNumerically, close, randomExprs, rng, usable } from './random-expr.js';

const a = sym('a');
const b = sym('b');
const c = sym('c');
const p = (s: string): Expr => parseExpr(s);

describe('expansion', () => {
  it('multiplies out a square: (a + b)² = a² + 2ab + b²', () => {
    expect(expand(pow(add(a, b), 2))).toBe(add(pow(a, 2), mul(TWO, a, b), pow(b, 2)));
  });
  it('multiplies out a product of sums: (a + b)(a − b) = a² − b²', () => {
    expect(expand(mul(add(a, b), sub(a, b)))).toBe(sub(pow(a, 2), pow(b, 2)));
  });
  it('distributes a factor over a sum: 2a(b + c) = 2ab + 2ac', () => {
    expect(expand(mul(TWO, a, add(b, c)))).toBe(add(mul(TWO, a, b), mul(TWO, a, c)));
  });
  it('multiplies out nested products and powers', () => {
    expect(expand(p('(a + 1)^3'))).toBe(p('a^3 + 3*a^2 + 3*a + 1'));
    expect(expand(p('((a + b)*(a - b) + b^2)^2'))).toBe(pow(a, 4));
    expect(expand(p('(a + b)^2 - a^2 - b^2'))).toBe(mul(TWO, a, b));
  });
  it('expands inside function arguments', () => {
    expect(expand(sin(pow(add(a, b), 2)))).toBe(sin(add(pow(a, 2), mul(TWO, a, b), pow(b, 2))));
    expect(expand(mul(cos(mul(a, add(b, ONE))), add(a, ONE)))).toBe(add(mul(a, cos(add(mul(a, b), a))), cos(add(mul(a, b), a))));
  });
  it('leaves negative and fractional powers of sums as powers, with the base expanded', () => {
    expect(expand(pow(add(a, b), -1))).toBe(pow(add(a, b), -1));
    expect(expand(sqrt(mul(a, add(b, ONE))))).toBe(sqrt(add(mul(a, b), a)));
    expect(expand(mul(add(a, b), pow(add(a, b), -2)))).toBe(pow(add(a, b), -1));
  });
  it('multiplies √(a+b)·√(a+b) back into a + b, a sum and not a term', () => {
    const r = sqrt(add(a, b));
    // (√(a+b) + 1)² = a + b + 2√(a+b) + 1
    expect(expand(pow(add(r, ONE), 2))).toBe(add(a, b, mul(TWO, r), ONE));
    // (√(a+b) + 1)((a+b)^(3/2) + 1) contains (a+b)²: expanded too.
    const e = mul(add(r, ONE), add(pow(add(a, b), num(rat(3, 2))), ONE));
    const x = expand(e);
    expect(canonicalProblems(x)).toEqual([]);
    expect(expand(x)).toBe(x);
    expect(x).toBe(add(ONE, r, pow(add(a, b), num(rat(3, 2))), pow(a, 2), mul(TWO, a, b), pow(b, 2)));
  });
  it('cancels what cancels', () => {
    expect(expand(sub(pow(add(a, b), 2), add(pow(a, 2), mul(TWO, a, b), pow(b, 2))))).toBe(ZERO);
  });
  it('keeps atoms and already expanded sums as they are', () => {
    expect(expand(a)).toBe(a);
    expect(expand(num(3))).toBe(num(3));
    const s = add(pow(a, 2), mul(HALF, b), ONE);
    expect(expand(s)).toBe(s);
    expect(expand(neg(fn('exp', a)))).toBe(neg(fn('exp', a)));
    const monomials = add(pow(sin(add(a, b)), 2), mul(a, pow(b, HALF)), mul(num(-3), a, pow(b, -1), cos(a)));
    expect(expand(monomials)).toBe(monomials);
  });
  it('expands a sum of monomials whose function arguments are not expanded', () => {
    // sin(a(a + b)) is not an expanded atom: the sum is not its own expansion.
    expect(expand(add(a, sin(mul(a, add(a, b)))))).toBe(add(a, sin(add(pow(a, 2), mul(a, b)))));
    expect(expand(add(a, pow(add(a, b), 2)))).toBe(add(a, pow(a, 2), mul(TWO, a, b), pow(b, 2)));
  });
});

describe('products made by multiplying out', () => {
  const p = (s: string): Expr => parseExpr(s);
  it('counts (a + b)²(c + d + e) + f as 2·2·3 + 1, gathered into 3·3 + 1 terms (ab = ba)', () => {
    const e = p('(a + b)^2*(c + d + e) + f');
    expect(productsInExpansion(e)).toBe(13);
    expect(expand(e)).toBe(p('a^2*c + a^2*d + a^2*e + 2*a*b*c + 2*a*b*d + 2*a*b*e + b^2*c + b^2*d + b^2*e + f'));
  });
  it('counts a power other than to a positive integer and a function call as one', () => {
    expect(productsInExpansion(p('(a + b)^(-1)*(c + d) + sin((a + b)^2) + 3'))).toBe(4);
  });
  it('counts products before like ones are gathered: (a + b)(a − b) makes 4, expanded into 2 terms', () => {
    expect(productsInExpansion(p('(a + b)*(a - b)'))).toBe(4);
    expect(expand(p('(a + b)*(a - b)'))).toBe(p('a^2 - b^2'));
  });
});

describe('expansion of random expressions', () => {
  const exprs = randomExprs(4000, 200, { depth: 3 });
  it('agrees numerically with the expression', () => {
    for (const [i, e] of exprs.entries()) {
      const { mismatch } = agreeNumerically(e, expand(e), 4000 + i);
      expect(mismatch, `seed ${4000 + i}: ${toText(e)}`).toBeUndefined();
    }
  });
  it('is in canonical form', () => {
    for (const [i, e] of exprs.entries()) expect(canonicalProblems(expand(e)), `seed ${4000 + i}: ${toText(e)}`).toEqual([]);
  });
  // Idempotence: fresh-table.test.ts (asked here, in one table, the memo
  // slot of the result would answer).
  it('never mutates its input', () => {
    for (const e of randomExprs(4500, 40, { depth: 3 })) {
      const before = snapshot(e);
      expand(e);
      expect(snapshot(e)).toEqual(before);
    }
  });
});

describe('expansion against nerdamer', () => {
  // Random expressions expanded by both and evaluated at the same points by
  // each system.
  it('agrees with nerdamer’s expand at random points', () => {
    let compared = 0;
    for (const [i, e] of randomExprs(5000, 60, { depth: 3 }).entries()) {
      const ours = expand(e);
      const theirs = nerdamerExpand(e);
      const env = oraclePoint(rng(5000 + i));
      const x = evaluate(ours, env);
      const y = nerdamerValue(theirs, env);
      if (!usable(x) || !usable(y)) continue;
      compared++;
      expect(close(x, y, 1e-8), `seed ${5000 + i}: ${toText(e)} → ${toText(ours)} vs ${theirs}`).toBe(true);
    }
    expect(compared).toBeGreaterThan(45);
  });
});

describe('expansion of a list of parts without their sum', () => {
  const [a, b, c] = ['a', 'b', 'c'].map(sym) as [Expr, Expr, Expr];
  it('is expand(Σ parts): monomials times an expanded sum, with its constant, beside other parts', () => {
    const S = add(ONE, mul(a, sin(b)), mul(num(-2), pow(c, 2)));
    const parts = [mul(num(3), a, S), mul(pow(c, -1), S), mul(b, c), neg(mul(a, pow(c, 2), sin(b))), pow(add(a, b), 2), num(5)];
    expect(expandAll(parts)).toBe(expand(addAll(parts)));
  });
  it('is expand(Σ parts) for products of random expressions with random sums', () => {
    for (let seed = 0; seed < 80; seed++) {
      const [x, y, z] = randomExprs(5000 + 3 * seed, 3, { depth: 2 });
      const S = expand(add(x!, y!));
      const parts = [mul(a, S), mul(num(rat(-3, 2)), b, pow(c, 2), S), z!, mul(a, z!)];
      expect(expandAll(parts), `seed ${seed}`).toBe(expand(addAll(parts)));
    }
  });
  it('of parts with coefficients (expandTerms) is expandAll of the parts multiplied by them', () => {
    for (let seed = 0; seed < 60; seed++) {
      const [x, y, z] = randomExprs(7000 + 3 * seed, 3, { depth: 2 });
      const S = expand(add(x!, y!));
      const terms = [
        { expr: mul(a, S), coeff: rat(-3, 2) },
        { expr: mul(num(2), b, S), coeff: rat(1, 4) },
        { expr: z!, coeff: rat(-1) },
        { expr: num(3), coeff: rat(2, 3) },
        { expr: mul(a, pow(c, 2)), coeff: rat(5) },
      ];
      expect(expandTerms(terms), `seed ${seed}`).toBe(expandAll(terms.map((t) => mul(num(t.coeff), t.expr))));
    }
    // −3/2·(a·(1 + c)) + 3/2·a·c: the a·c terms cancel, −3/2·a is left.
    expect(
      expandTerms([
        { expr: mul(a, add(ONE, c)), coeff: rat(-3, 2) },
        { expr: mul(a, c), coeff: rat(3, 2) },
      ]),
    ).toBe(mul(num(rat(-3, 2)), a));
  });
  it('of parts times a monomial (times: q̇_jq̇_k·∂M_jk/∂q_x) is expandAll of the products, whatever the part', () => {
    const [u, v] = ['u', 'v'].map(sym) as [Expr, Expr];
    const monomials = [u, mul(u, v), mul(u, u), mul(pow(u, 3), v)];
    for (let seed = 0; seed < 60; seed++) {
      const [x, y, z] = randomExprs(9000 + 3 * seed, 3, { depth: 2 });
      const m = monomials[seed % monomials.length]!;
      // An expanded sum (its negation leads with a minus, which mul takes out), a monomial, a number and anything else.
      const S = expand(add(x!, y!));
      const parts = [
        { expr: S, coeff: rat(-3, 2), times: m },
        { expr: neg(S), coeff: rat(1, 4), times: m },
        { expr: mul(num(-2), a, sin(b)), coeff: rat(2), times: m },
        { expr: num(3), coeff: rat(2, 3), times: m },
        { expr: z!, coeff: rat(-1), times: m },
        { expr: mul(a, pow(u, -1)), coeff: rat(5), times: m },
      ];
      expect(expandTerms(parts), `seed ${seed}`).toBe(expandAll(parts.map((t) => mul(num(t.coeff), t.times, t.expr))));
    }
  });
  it('keeps the sums it is told to as factors: 2μ·x·(a·x + b) − a·μ·x² = μ·a·x² + 2μ·b·x for μ = m2 + m3 free of x', () => {
    const [x, m2, m3] = ['x', 'm2', 'm3'].map(sym) as [Expr, Expr, Expr];
    const mu = add(m2, m3);
    const free = (e: Expr): boolean => !toText(e).includes('x');
    const parts = [
      { expr: mul(mu, x, add(mul(a, x), b)), coeff: rat(2) },
      { expr: mul(mu, pow(x, 2)), coeff: rat(-1), times: a },
      { expr: mul(m2, x, a), coeff: rat(1) },
    ];
    const r = expandTerms(parts, free);
    expect(r).toBe(addAll([mul(mu, a, pow(x, 2)), mul(num(2), mu, b, x), mul(m2, x, a)]));
    // Multiplied out, it is the plain expansion.
    expect(expand(r)).toBe(expandTerms(parts));
  });
  it('with kept sums agrees with the plain expansion on random expressions', () => {
    const free = (e: Expr): boolean => !toText(e).includes('x');
    for (const [i, e] of randomExprs(9400, 200, { depth: 3 }).entries()) {
      const kept = expandTerms([{ expr: e, coeff: rat(3, 2) }], free);
      expect(agreeNumerically(mul(num(rat(3, 2)), e), kept, 9400 + i).mismatch, `seed ${9400 + i}`).toBeUndefined();
      expect(expand(kept), `seed ${9400 + i}`).toBe(expand(mul(num(rat(3, 2)), e)));
    }
  });
});
