// The two shared shapes of rewriting passes: a memoized DAG recursion and
// rebuilding a node from rewritten children.
import { describe, expect, it } from 'vitest';
import { add, mul, pow, sin, sym, type Expr } from '../../src/core/expr.js';
import { parseExpr } from '../../src/core/parse.js';
import { subs } from '../../src/core/subs.js';
import { mapChildren, memoPass } from '../../src/core/traverse.js';

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
});
