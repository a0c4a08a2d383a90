// The two shared shapes of rewriting passes: a memoized DAG recursion and
// rebuilding a node from rewritten children.
import { describe, expect, it } from 'vitest';
import { add, addAll, fn, mul, mulAll, num, pow, sin, sym, type Expr } from '../../src/core/expr.js';
import { parseExpr } from '../../src/core/parse.js';
import { subs } from '../../src/core/subs.js';
import { mapChildren, memoPass } from '../../src/core/traverse.js';
import { canonicalProblems } from './canonical.js';
import { randomExpr, rng } from './random-expr.js';

const x = sym('x');
const y = sym('y');

describe('memoPass', () => {
  it('visits a shared subexpression once: sin(x + y) in 40 terms', () => {
    const shared = sin(add(x, y));
    const e = add(...Array.from({ length: 40 }, (_, k) => mul(shared, pow(x, k + 1))));
    const seen = new Map<Expr, number>();
    const count = memoPass<number>((u, go) => {
      seen.set(u, (seen.get(u) ?? 0) + 1);
      return 1 + (u.kind === 'add' ? u.terms.reduce((s, t) => s + go(t.expr), 0) : u.kind === 'mul' ? u.factors.reduce((s, f) => s + go(f.base), 0) : 0);
    });
    count(e);
    expect([...seen.values()].every((v) => v === 1)).toBe(true);
    expect(seen.get(shared)).toBe(1);
  });
});

describe('mapChildren', () => {
  it('rebuilds every kind of node through the constructors (identity map gives the same node)', () => {
    for (const s of ['x + 2*y', '3*x*y^2', 'x^(1/2)', 'sin(x + y)', '7', 'x']) {
      const e = parseExpr(s);
      expect(mapChildren(e, (c) => c)).toBe(e);
    }
  });
  it('applies the map to terms, bases, exponents and arguments, re-canonicalizing: x ↦ y in 2x + sin(x)·x^x', () => {
    const e = parseExpr('2*x + sin(x)*x^x');
    const swap = (u: Expr): Expr => subs(u, new Map([['x', y]]));
    expect(mapChildren(e, swap)).toBe(parseExpr('2*y + sin(y)*y^y'));
  });
  // The children mapped, then merged by the general constructors (addAll, mulAll): what mapChildren must equal.
  const merged = (u: Expr, f: (c: Expr) => Expr): Expr => {
    switch (u.kind) {
      case 'add':
        return addAll([num(u.constant), ...u.terms.map((t) => mulAll([num(t.coeff), f(t.expr)]))]);
      case 'mul':
        return mulAll([num(u.coeff), ...u.factors.map((fc) => pow(f(fc.base), f(fc.exp)))]);
      case 'pow':
        return pow(f(u.base), f(u.exp));
      case 'fn':
        return fn(u.name, ...u.args.map(f));
      default:
        return u;
    }
  };
  it('gives the node the general merge gives, for children that stay terms and bases and for children that merge (400 random sums and products, x ↦ random)', () => {
    let fast = 0;
    for (let seed = 0; seed < 400; seed++) {
      const r = rng(seed);
      const e = randomExpr(r, { depth: 3, exp: false });
      if (e.kind !== 'add' && e.kind !== 'mul') continue;
      // x becomes a symbol, a call, a number, a sum or a product: every way a child can stay a term or base or have to merge.
      const image = [
        sym('w'),
        sin(sym('w')),
        sym('y'),
        num(3),
        add(sym('y'), sym('z')),
        mul(num(2), sym('y')),
        mul(sym('y'), sym('z')),
        randomExpr(r, { depth: 2, exp: false }),
      ][seed % 8]!;
      const swap = (u: Expr): Expr => subs(u, new Map([['x', image]]));
      const got = mapChildren(e, swap);
      expect(got, `seed ${seed}`).toBe(merged(e, swap));
      expect(canonicalProblems(got), `seed ${seed}`).toEqual([]);
      if (got.kind === e.kind && got !== e) fast++;
    }
    // Most rebuilt nodes keep their kind: the direct path is exercised, not only the merge.
    expect(fast).toBeGreaterThan(100);
  });
});
