import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { add, children, cos, fn, mul, neg, pow, sin, sym, type Expr } from '../../src/core/expr.js';
import { computedAs, cse, printedForms, representative, type Rewrites } from '../../src/core/cse.js';
import { toText } from '../../src/core/print.js';
import { isNegative } from '../../src/core/rational.js';
import { shareParts } from '../../src/core/share.js';
import { printJs } from '../../src/codegen/js-expr.js';
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
  it('names the symbols the outputs read, each once', () => {
    expect([...cse([mul(sin(s), cos(s)), add(sin(s), z)]).symbols].sort()).toEqual(['x', 'y', 'z']);
    expect(cse([pow(x, y), sin(x)]).symbols).toEqual(new Set(['x', 'y']));
  });
  it('counts a use per occurrence of a child: (x + y)^(x + y) + sin(x + y) binds x + y once, before its user', () => {
    const e = pow(s, s);
    expect(cse([add(e, sin(s))]).shared).toEqual([s]);
    expect(cse([e, e]).shared).toEqual([s, e]);
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
  it('binds exactly the non-atomic nodes met twice: once in two outputs, or twice as a child', () => {
    const count = new Map<Expr, number>();
    const seen = new Set<Expr>();
    // As printed (js-expr.ts): a product with a negative coefficient reads only its negation.
    const printedChildren = (e: Expr): readonly Expr[] => (e.kind === 'mul' && isNegative(e.coeff) ? [neg(e)] : children(e));
    const walk = (e: Expr): void => {
      if (seen.has(e)) return;
      seen.add(e);
      for (const c of printedChildren(e)) {
        count.set(c, (count.get(c) ?? 0) + 1);
        walk(c);
      }
    };
    for (const o of outputs) {
      count.set(o, (count.get(o) ?? 0) + 1);
      walk(o);
    }
    const expected = [...count].filter(([e, k]) => k > 1 && e.kind !== 'num' && e.kind !== 'sym').map(([e]) => e);
    expect(new Set(cse(outputs).shared)).toEqual(new Set(expected));
    expect(cse(outputs).symbols).toEqual(new Set([...seen].flatMap((e) => (e.kind === 'sym' ? [e.name] : []))));
  });
});

describe('common subexpressions of a rewritten block (share.ts’s parts)', () => {
  const p = sym('#0');
  const xy = add(x, y);
  const xyz = add(x, y, z);
  // x + y + z computed as z + #0, #0 standing for x + y.
  const rewrites = new Map<Expr, Expr>([
    [xyz, add(z, p)],
    [p, xy],
  ]);

  it('binds the node a placeholder stands for, and a rewritten node, each after what it reads', () => {
    expect(cse([xyz, sin(x)], rewrites).shared).toEqual([xy, xyz]);
    // Without the rewrites x + y + z is used once and nothing is bound.
    expect(cse([xyz, sin(x)]).shared).toEqual([]);
  });

  it('prints a rewritten node read once in place, inside the output it belongs to, which is bound', () => {
    const out = mul(xyz, sin(x));
    const result = cse([out], rewrites);
    expect(result.shared).toEqual([xy, out]);
    expect(result.inlined).toEqual(new Set([xyz]));
    // Only the output is printed rebuilt; x + y (bound, read through the placeholder) prints as it is.
    expect(result.printsInPlace).toEqual(new Set([out]));
    expect(printedForms(result, rewrites)(out)).toBe(mul(add(z, p), sin(x)));
    expect(printedForms(result, rewrites)(xy)).toBe(xy);
  });

  it('reads a rewritten node as its new form: the symbols are those of the form, never a placeholder', () => {
    expect(cse([mul(xyz, xyz)], rewrites).symbols).toEqual(new Set(['z', 'x', 'y']));
  });

  it('follows placeholders to their node, also through a node rewritten as a lone placeholder', () => {
    const q = sym('#1');
    const chained = new Map<Expr, Expr>([...rewrites, [q, xyz], [add(x, z), q]]);
    expect(representative(p, chained)).toBe(xy);
    expect(representative(add(x, z), chained)).toBe(xyz);
    expect(computedAs(xyz, chained)).toBe(add(z, p));
    expect(representative(sin(x), chained)).toBe(sin(x));
  });

  it('refuses rewrites that go round in a circle', () => {
    const q = sym('#1');
    expect(() =>
      representative(
        p,
        new Map<Expr, Expr>([
          [p, q],
          [q, p],
        ]),
      ),
    ).toThrow(/cycle/);
  });
});

describe('temporaries in the order codegen prints them (fast-check)', () => {
  // Blocks over a part (a power or a product mostly), its negation, x and y:
  // −P prints as −(P), and reads P's temporary (−y² before a bound y²).
  const over = (p: Expr): fc.Arbitrary<Expr> =>
    fc.letrec<{ e: Expr }>((tie) => ({
      e: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        { arbitrary: fc.constantFrom(x, y, p, neg(p)), weight: 3 },
        fc.tuple(tie('e'), tie('e')).map(([u, v]) => add(u, v)),
        fc.tuple(tie('e'), tie('e')).map(([u, v]) => mul(u, v)),
        tie('e').map((u) => fn('exp', u)),
        tie('e').map(sin),
        tie('e').map((u) => pow(u, 2)),
      ),
    })).e;
  const symbol = fc.constantFrom(x, y, z);
  const part = fc.oneof(
    fc.tuple(symbol, fc.integer({ min: 2, max: 3 })).map(([u, k]) => pow(u, k)),
    fc.tuple(symbol, symbol).map(([u, v]) => mul(u, v)),
    fc.tuple(symbol, symbol).map(([u, v]) => pow(add(u, v), 2)),
  );
  // Reported as text: fast-check would print the interned nodes' whole object graph.
  const block = part
    .chain((p) => fc.array(over(p), { minLength: 3, maxLength: 5 }))
    .map((outputs) => Object.assign(outputs, { [fc.toStringMethod]: () => outputs.map(toText).join(' ; ') }));

  /** The temporaries (by index in `shared`) that printing e reads. */
  const reads = (e: Expr, rewrites: Rewrites, index: ReadonlyMap<Expr, number>, self?: Expr): number[] => {
    const out: number[] = [];
    const nameOf = (u: Expr): string | undefined => {
      if (u.kind === 'sym' && !rewrites.has(u)) return u.name;
      const k = index.get(representative(u, rewrites));
      if (k !== undefined) out.push(k);
      return k === undefined ? undefined : `t${k}`;
    };
    printJs(e, nameOf, self);
    return out;
  };

  it('a temporary reads only earlier ones, output k only those of outputs ≤ k (with and without shared parts)', () => {
    fc.assert(
      fc.property(block, (outputs) => {
        for (const rewrites of [new Map<Expr, Expr>(), shareParts(outputs)]) {
          const result = cse(outputs, rewrites);
          const index = new Map(result.shared.map((u, k) => [u, k]));
          const printedAs = printedForms(result, rewrites);
          result.shared.forEach((u, k) => expect(reads(printedAs(u), rewrites, index, printedAs(u)).filter((r) => r >= k)).toEqual([]));
          outputs.forEach((o, i) => expect(reads(o, rewrites, index).filter((r) => result.firstOutput[r]! > i)).toEqual([]));
        }
      }),
      { seed: 4711, numRuns: 300, endOnFailure: true },
    );
  });
});
