import { describe, expect, it } from 'vitest';
import { add, children, cos, mul, pow, sin, sym, type Expr } from '../../src/core/expr.js';
import { cse } from '../../src/core/cse.js';
import { randomExprs } from './random-expr.js';

const x = sym('x');
const y = sym('y');
const z = sym('z');

describe('common subexpressions', () => {
  const s = add(x, y);
  it('finds a subexpression used twice in one output', () => {
    expect(cse([mul(sin(s), cos(s))]).shared).toEqual([s]);
  });
  it('finds subexpressions shared between outputs', () => {
    const { shared } = cse([mul(sin(s), cos(s)), add(sin(s), z)]);
    expect(shared).toHaveLength(2);
    expect(shared[0]).toBe(s);
    expect(shared[1]).toBe(sin(s));
  });
  it('never binds atoms', () => {
    expect(cse([mul(x, y), add(x, y, pow(x, 2))]).shared).toEqual([]);
  });
});

describe('common subexpressions of random expressions', () => {
  const outputs = randomExprs(9900, 30, { depth: 4 });
  it('lists every shared node after the shared nodes it uses', () => {
    const { shared } = cse(outputs);
    const position = new Map(shared.map((e, i) => [e, i]));
    const inside = (e: Expr, seen = new Set<Expr>()): Expr[] => {
      const out: Expr[] = [];
      for (const c of children(e)) {
        if (seen.has(c)) continue;
        seen.add(c);
        out.push(c, ...inside(c, seen));
      }
      return out;
    };
    for (const [i, e] of shared.entries()) {
      for (const u of inside(e)) if (position.has(u)) expect(position.get(u)!).toBeLessThan(i);
    }
  });
});
