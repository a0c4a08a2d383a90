import { describe, expect, it } from 'vitest';
import {
  add,
  addAll,
  compare,
  cos,
  dependsOn,
  div,
  factorsOf,
  fn,
  freeSymbols,
  HALF,
  hasNegativeSign,
  makeMul,
  MINUS_ONE,
  mul,
  mulOmitting,
  neg,
  num,
  numericValue,
  ONE,
  pow,
  scale,
  sin,
  splitCoeff,
  sqrt,
  sub,
  sym,
  termsOf,
  TermSum,
  TWO,
  ZERO,
  type Expr,
} from '../../src/core/expr.js';
import { rat } from '../../src/core/rational.js';
import { toText } from '../../src/core/print.js';
import { MechanicsError } from '../../src/errors.js';
import { canonicalProblems, rebuild, snapshot } from './canonical.js';
import { randomExpr, randomExprs, rng } from './random-expr.js';

const x = sym('x');
const y = sym('y');
const z = sym('z');
const n = (p: number, q = 1): Expr => num(rat(p, q));

describe('flattening', () => {
  it('a sum inside a sum is merged into one sum', () => {
    const s = add(add(x, y), z);
    expect(s).toBe(add(x, y, z));
    expect(s.kind === 'add' && s.terms.length).toBe(3);
  });
  it('a product inside a product is merged into one product', () => {
    const p = mul(mul(x, y), z);
    expect(p).toBe(mul(x, y, z));
    expect(p.kind === 'mul' && p.factors.length).toBe(3);
  });
  it('a sum of one argument is that argument, of none is 0', () => {
    expect(add(x)).toBe(x);
    expect(add()).toBe(ZERO);
  });
  it('a product of one argument is that argument, of none is 1', () => {
    expect(mul(x)).toBe(x);
    expect(mul()).toBe(ONE);
  });
  it('no term of a sum is itself a sum with coefficient ±1', () => {
    // 3/2·(x+y) − 1/2·(x+y) leaves (x+y) with coefficient 1: it must join the outer sum.
    const s = add(z, mul(n(3, 2), add(x, y)), mul(n(-1, 2), add(x, y)));
    expect(s).toBe(add(x, y, z));
    expect(canonicalProblems(add(z, mul(TWO, add(x, y))))).toEqual([]);
  });
});

describe('number folding', () => {
  it('adds numbers exactly', () => {
    expect(add(n(1, 2), n(1, 3))).toBe(n(5, 6));
    expect(add(x, ONE, TWO)).toBe(add(x, n(3)));
  });
  it('multiplies numbers exactly', () => {
    expect(mul(TWO, n(3))).toBe(n(6));
    expect(mul(TWO, x, n(3))).toBe(mul(n(6), x));
  });
  it('adding 0 and multiplying by 1 give back the same node', () => {
    const e = add(mul(TWO, x), sin(y));
    expect(add(e, ZERO)).toBe(e);
    expect(mul(e, ONE)).toBe(e);
    expect(mul(ONE, mul(TWO, add(x, y)), ONE)).toBe(mul(TWO, add(x, y)));
  });
  it('multiplying by 0 gives 0', () => {
    expect(mul(ZERO, x, sin(y))).toBe(ZERO);
    expect(mul(x, ZERO)).toBe(ZERO);
  });
  it('evaluates rational powers of numbers when the result is rational', () => {
    expect(pow(TWO, 3)).toBe(n(8));
    expect(pow(n(4), HALF)).toBe(TWO);
    expect(pow(n(8), num(rat(-2, 3)))).toBe(n(1, 4));
    expect(pow(n(4, 9), num(rat(3, 2)))).toBe(n(8, 27));
  });
  it('keeps irrational powers of numbers symbolic', () => {
    const r = pow(TWO, HALF);
    expect(r.kind).toBe('pow');
    expect(pow(n(-4), HALF).kind).toBe('pow');
  });
  it('multiplies √2·√2 into 2', () => {
    expect(mul(sqrt(TWO), sqrt(TWO))).toBe(TWO);
    expect(mul(pow(TWO, num(rat(1, 3))), pow(TWO, num(rat(2, 3))))).toBe(TWO);
  });
  it('refuses 0 to a negative power', () => {
    const err = (() => {
      try {
        pow(ZERO, MINUS_ONE);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(err).toBeInstanceOf(MechanicsError);
    expect((err as MechanicsError).code).toBe('division-by-zero');
  });
});

describe('coefficient collection', () => {
  it('collects x + x into 2x', () => {
    expect(add(x, x)).toBe(mul(TWO, x));
  });
  it('collects 2x + 3x into 5x', () => {
    expect(add(mul(TWO, x), mul(n(3), x))).toBe(mul(n(5), x));
  });
  it('cancels x − x to 0', () => {
    expect(sub(x, x)).toBe(ZERO);
    expect(add(mul(x, y), neg(mul(y, x)))).toBe(ZERO);
  });
  it('collects products written in different orders', () => {
    expect(add(mul(TWO, x, y), mul(n(3), y, x))).toBe(mul(n(5), x, y));
  });
  it('collects powers: 2x² + x·x = 3x²', () => {
    expect(add(mul(TWO, pow(x, 2)), mul(x, x))).toBe(mul(n(3), pow(x, 2)));
  });
  it('stores term coefficients on the sum, not on the terms', () => {
    const s = add(mul(n(3), x), mul(n(-2), y, z), ONE);
    expect(s.kind).toBe('add');
    if (s.kind !== 'add') return;
    expect(s.terms.map((t) => [t.expr, t.coeff.n])).toEqual([
      [x, 3],
      [mul(y, z), -2],
    ]);
    expect(s.constant).toEqual(rat(1));
  });
});

describe('ordering', () => {
  it('a sum does not depend on the order of its arguments', () => {
    const parts = [x, sin(y), pow(z, 2), mul(x, y), ONE, cos(x), mul(n(-3), z)];
    const forward = add(...parts);
    expect(add(...[...parts].reverse())).toBe(forward);
    expect(add(parts[3]!, parts[0]!, parts[6]!, parts[1]!, parts[5]!, parts[2]!, parts[4]!)).toBe(forward);
  });
  it('a product does not depend on the order of its arguments', () => {
    const parts = [x, sin(y), pow(z, 2), add(x, y), TWO, cos(x)];
    const forward = mul(...parts);
    expect(mul(...[...parts].reverse())).toBe(forward);
    expect(toText(mul(...[...parts].reverse()))).toBe(toText(forward));
  });
  it('orders terms by structure, not by creation order', () => {
    // Created b-first; the sum still lists a first.
    const b = sym('order_b');
    const a = sym('order_a');
    expect(toText(add(b, a))).toBe('order_a + order_b');
    expect(toText(mul(b, a))).toBe('order_a*order_b');
  });
  it('sorts numbered names naturally: q2 before q10', () => {
    expect(toText(add(sym('q10'), sym('q2'), sym('q1')))).toBe('q1 + q2 + q10');
  });
  it('keeps names that differ only in leading zeros apart', () => {
    expect(add(sym('q2'), sym('q02'))).toBe(add(sym('q02'), sym('q2')));
    expect(compare(sym('q2'), sym('q02'))).not.toBe(0);
  });
});

describe('powers', () => {
  it('multiplies x·x into x²', () => {
    expect(mul(x, x)).toBe(pow(x, 2));
    expect(mul(x, x, x)).toBe(pow(x, 3));
  });
  it('adds exponents of equal bases: x²·x³ = x⁵', () => {
    expect(mul(pow(x, 2), pow(x, 3))).toBe(pow(x, 5));
    expect(mul(pow(x, sym('a')), pow(x, sym('b')))).toBe(pow(x, add(sym('a'), sym('b'))));
  });
  it('divides x/x into 1 and x²/x into x', () => {
    expect(div(x, x)).toBe(ONE);
    expect(div(pow(x, 2), x)).toBe(x);
    expect(div(add(x, y), add(y, x))).toBe(ONE);
  });
  it('folds (x^a)^k into x^(a·k) for integer k', () => {
    const a = sym('a');
    expect(pow(pow(x, a), 2)).toBe(pow(x, mul(TWO, a)));
    expect(pow(pow(x, 2), 3)).toBe(pow(x, 6));
    expect(pow(pow(x, HALF), 2)).toBe(x);
    expect(pow(pow(x, 2), -1)).toBe(pow(x, -2));
  });
  it('keeps (x²)^(1/2), which is |x|, not x', () => {
    const r = pow(pow(x, 2), HALF);
    expect(r.kind).toBe('pow');
    expect(r).not.toBe(x);
  });
  it('distributes integer powers over products: (2x)² = 4x²', () => {
    expect(pow(mul(TWO, x), 2)).toBe(mul(n(4), pow(x, 2)));
    expect(pow(mul(TWO, x), 2)).toBe(mul(n(4), x, x));
    expect(pow(mul(x, y), 2)).toBe(mul(pow(x, 2), pow(y, 2)));
    expect(pow(mul(TWO, x), -1)).toBe(mul(HALF, pow(x, -1)));
  });
  it('builds 2x² as the same node whichever way it is written', () => {
    const forms = [mul(TWO, pow(x, 2)), mul(TWO, x, x), mul(x, TWO, x), add(pow(x, 2), pow(x, 2)), scale(pow(x, 2), rat(2))];
    for (const f of forms) expect(f).toBe(forms[0]);
    expect(mul(mul(TWO, pow(x, 2)), x)).toBe(mul(TWO, pow(x, 3)));
  });
  it('folds a combined power back into its base: (x²)^½·(x²)^½ = x²', () => {
    const r = pow(pow(x, 2), HALF);
    expect(mul(r, r)).toBe(pow(x, 2));
    expect(mul(r, r, x)).toBe(pow(x, 3));
  });
  it('does not expand powers of sums', () => {
    const s = pow(add(x, y), 2);
    expect(s.kind).toBe('pow');
  });
  it('folds x⁰ = 1, x¹ = x and 1^x = 1', () => {
    expect(pow(x, 0)).toBe(ONE);
    expect(pow(x, 1)).toBe(x);
    expect(pow(ONE, x)).toBe(ONE);
  });
});

describe('signs', () => {
  it('sin(−x) = −sin x', () => {
    expect(sin(neg(x))).toBe(neg(sin(x)));
    expect(sin(mul(n(-2), x))).toBe(neg(sin(mul(TWO, x))));
  });
  it('cos(−x) = cos x', () => {
    expect(cos(neg(x))).toBe(cos(x));
    expect(cos(sub(y, x))).toBe(cos(sub(x, y)));
  });
  it('sin(y − x) = −sin(x − y) and tan(−x) = −tan x', () => {
    expect(sin(sub(y, x))).toBe(neg(sin(sub(x, y))));
    expect(fn('tan', neg(x))).toBe(neg(fn('tan', x)));
  });
  it('folds functions at their special values', () => {
    expect(sin(ZERO)).toBe(ZERO);
    expect(cos(ZERO)).toBe(ONE);
    expect(fn('tan', ZERO)).toBe(ZERO);
    expect(fn('exp', ZERO)).toBe(ONE);
    expect(fn('log', ONE)).toBe(ZERO);
    expect(fn('exp', fn('log', x))).toBe(x);
    expect(fn('log', fn('exp', x))).toBe(x);
  });
  it('abs and sign fold numbers and signs', () => {
    expect(fn('abs', n(-3))).toBe(n(3));
    expect(fn('abs', neg(x))).toBe(fn('abs', x));
    expect(fn('sign', n(-2))).toBe(MINUS_ONE);
    expect(fn('sign', neg(x))).toBe(neg(fn('sign', x)));
  });
  it('−(a+b) is −a−b however it is built', () => {
    const s = add(x, y);
    expect(neg(s)).toBe(add(neg(x), neg(y)));
    expect(mul(MINUS_ONE, s)).toBe(neg(s));
    expect(mul(MINUS_ONE, ONE, s)).toBe(neg(s));
    expect(mul(neg(x), pow(x, -1), s)).toBe(neg(s));
  });
  it('c·(−a−b) is −c·(a+b)', () => {
    expect(mul(TWO, neg(add(x, y)))).toBe(mul(n(-2), add(x, y)));
    expect(add(mul(TWO, neg(add(x, y))), mul(TWO, add(x, y)))).toBe(ZERO);
  });
});

describe('interning', () => {
  it('building the same expression twice gives the identical object', () => {
    const build = (): Expr => add(mul(n(3, 2), pow(x, 2), sin(sub(y, z))), div(cos(x), add(ONE, pow(y, 2))));
    expect(build()).toBe(build());
  });
  it('a number is one node however it is written', () => {
    expect(num(0.5)).toBe(num(rat(1, 2)));
    expect(num(rat(2, 4))).toBe(HALF);
    expect(num(-0)).toBe(ZERO);
  });
});

describe('compare', () => {
  // A pool with tricky names (natural order, leading zeros, underscores) and
  // rationals whose cross products exceed 2^53.
  const N = 2 ** 53;
  const pool: Expr[] = [
    ...new Set([
      ...['x', 'x1', 'x2', 'x10', 'x02', 'x1_', 'x1a', 'q2', 'qd1', 'q10', 'a10b', 'a1b'].map(sym),
      num(rat(N - 1, N - 2)),
      num(rat(N - 2, N - 3)),
      n(1, 3),
      n(-1, 3),
      ZERO,
      ...randomExprs(100, 40, { depth: 3 }),
    ]),
  ];
  it('is zero exactly for identical nodes', () => {
    for (const a of pool) for (const b of pool) expect(compare(a, b) === 0).toBe(a === b);
  });
  it('is antisymmetric', () => {
    for (const a of pool) for (const b of pool) expect(Math.sign(compare(a, b)) + Math.sign(compare(b, a))).toBe(0);
  });
  it('is transitive', () => {
    const sorted = [...pool].sort(compare);
    for (let i = 0; i < sorted.length; i++) {
      for (let j = i + 1; j < sorted.length; j++) expect(compare(sorted[i]!, sorted[j]!)).toBeLessThan(0);
    }
  });
  it('orders numbers by value even beyond 2^53 cross products', () => {
    expect(compare(num(rat(N - 1, N - 2)), num(rat(N - 2, N - 3)))).toBeLessThan(0);
  });
});

describe('queries', () => {
  const e = add(mul(TWO, x, sin(y)), pow(z, sym('k')), n(-1));
  it('lists free symbols, exponents included', () => {
    expect([...freeSymbols(e)].sort()).toEqual(['k', 'x', 'y', 'z']);
    expect(dependsOn(e, 'k')).toBe(true);
    expect(dependsOn(e, 'w')).toBe(false);
  });
  it('splits a sum into terms, constant first, then in canonical order (powers before products)', () => {
    const t = termsOf(e);
    expect(t).toHaveLength(3);
    expect(t[0]).toBe(n(-1));
    expect(t[1]).toBe(pow(z, sym('k')));
    expect(t[2]).toBe(mul(TWO, x, sin(y)));
    expect(termsOf(x)).toEqual([x]);
  });
  it('splits a product into factors, coefficient first', () => {
    const f = factorsOf(mul(n(3), x, pow(y, 2)));
    expect(f).toHaveLength(3);
    expect(f[0]).toBe(n(3));
    expect(f[1]).toBe(x);
    expect(f[2]).toBe(pow(y, 2));
    expect(factorsOf(x)[0]).toBe(x);
  });
  it('splits off the coefficient of a term', () => {
    const [c, rest] = splitCoeff(mul(n(-3), x, y));
    expect(c).toEqual(rat(-3));
    expect(rest).toBe(mul(x, y));
    expect(splitCoeff(n(5))[1]).toBe(ONE);
    expect(splitCoeff(x)[1]).toBe(x);
  });
  it('reads negative-looking expressions', () => {
    expect(hasNegativeSign(n(-1))).toBe(true);
    expect(hasNegativeSign(neg(x))).toBe(true);
    expect(hasNegativeSign(sub(y, x))).toBe(true);
    expect(hasNegativeSign(sub(x, y))).toBe(false);
    expect(hasNegativeSign(x)).toBe(false);
  });
  it('gives the value of a number node only', () => {
    expect(numericValue(n(3, 4))).toBe(0.75);
    expect(numericValue(x)).toBeUndefined();
  });
});

describe('properties of random expressions', () => {
  const exprs = randomExprs(1, 300, { depth: 4 });
  it('every random expression is in canonical form', () => {
    for (const [i, e] of exprs.entries()) expect(canonicalProblems(e), `seed ${1 + i}: ${toText(e)}`).toEqual([]);
  });
  it('canonicalizing again gives the same node (idempotent)', () => {
    for (const [i, e] of exprs.entries()) {
      const once = rebuild(e);
      expect(once, `seed ${1 + i}: ${toText(e)}`).toBe(e);
      expect(rebuild(once)).toBe(once);
    }
  });
  it('sums and products do not depend on argument order', () => {
    for (let seed = 0; seed < 100; seed++) {
      const r = rng(5000 + seed);
      const parts = [0, 1, 2, 3].map(() => randomExpr(r, { depth: 2 }));
      const [a, b, c, d] = parts as [Expr, Expr, Expr, Expr];
      expect(add(a, b, c, d)).toBe(add(d, b, add(c, a)));
      expect(mul(a, b, c, d)).toBe(mul(mul(d, b), c, a));
    }
  });
  it('building never mutates its inputs', () => {
    for (let seed = 0; seed < 50; seed++) {
      const r = rng(7000 + seed);
      const a = randomExpr(r, { depth: 3 });
      const b = randomExpr(r, { depth: 3 });
      const before = [snapshot(a), snapshot(b)];
      add(a, b);
      mul(a, b, a);
      pow(a, TWO);
      sin(neg(a));
      expect([snapshot(a), snapshot(b)]).toEqual(before);
    }
  });
});

describe('sine and cosine at rational multiples of π', () => {
  const pi = sym('pi');
  const at = (r: number, d: number) => mul(num(rat(r, d)), pi);
  it('are exact where the value is a rational or a square root over 2', () => {
    expect(sin(pi)).toBe(ZERO);
    expect(cos(pi)).toBe(num(-1));
    expect(cos(at(1, 3))).toBe(HALF);
    expect(sin(at(7, 6))).toBe(num(rat(-1, 2)));
    expect(sin(at(1, 3))).toBe(mul(HALF, pow(num(3), HALF)));
    expect(cos(at(3, 2))).toBe(ZERO);
  });
  it('stay symbolic elsewhere', () => {
    expect(cos(at(1, 5)).kind).toBe('fn');
  });
  it('shed whole turns of π from a sum: cos(π + ψ) = −cos ψ, sin(x + 4π/3) = −sin(x + π/3), sin(x − π/2) = −sin(x + π/2)', () => {
    expect(cos(add(pi, x))).toBe(neg(cos(x)));
    expect(sin(add(x, mul(num(2), pi)))).toBe(sin(x));
    expect(sin(add(x, at(4, 3)))).toBe(neg(sin(add(x, at(1, 3)))));
    expect(sin(sub(x, at(1, 2)))).toBe(neg(sin(add(x, at(1, 2)))));
    expect(cos(add(x, at(1, 3))).kind).toBe('fn');
  });
  it('undo their inverses: sin(asin u) = u, cos(acos u) = u, not cos(asin u)', () => {
    const u = pow(num(3), num(rat(-1, 2)));
    expect(sin(fn('asin', u))).toBe(u);
    expect(cos(fn('acos', x))).toBe(x);
    expect(cos(fn('asin', x)).kind).toBe('fn');
  });
  it('take the sign out of arccos as out of arcsin: arccos(−u) = π − arccos u', () => {
    expect(fn('acos', neg(x))).toBe(sub(sym('pi'), fn('acos', x)));
    expect(fn('asin', neg(x))).toBe(neg(fn('asin', x)));
  });
});

describe("a product without one of its factors, times another expression (the product rule's term)", () => {
  const sameAsCofactorTimes = (e: Expr, b: Expr): void => {
    if (e.kind !== 'mul') return;
    for (let i = 0; i < e.factors.length; i++) {
      const cofactor = makeMul(
        e.coeff,
        e.factors.filter((_, k) => k !== i),
      );
      expect(mulOmitting(e, i, b), `(${toText(e)} without factor ${i})·${toText(b)}`).toBe(mul(cofactor, b));
    }
  };
  it('is the node mul(cofactor, b) for products of random expressions', () => {
    const exprs = randomExprs(7000, 120, { depth: 2 });
    const others = [n(3), n(-1), n(1, 2), x, sin(y), pow(x, 2), mul(n(-2), x, y), add(x, y), sub(x, y), pow(add(x, y), HALF), ...exprs.slice(0, 8)];
    for (const e of exprs) for (const b of others) sameAsCofactorTimes(e, b);
  });
  it('is the node mul(cofactor, b) where the cofactor is a lone sum that makeMul flips or flattens', () => {
    // −x·(y + z) without x is −y − z; 2x·(y − z) without x is 2(y − z); x·(y − z)… without x is −(z − y).
    const cases = [mul(MINUS_ONE, x, add(y, z)), mul(TWO, x, sub(y, z)), mul(x, sub(z, y)), mul(n(-3), pow(x, 2), add(y, z))];
    for (const e of cases) for (const b of [n(-1), n(2), x, add(y, z), mul(n(-1), add(y, z))]) sameAsCofactorTimes(e, b);
  });
  it('multiplies out the merged factors: (3x²·sin y without sin y)·(−2x cos y) = −6x³ cos y', () => {
    const e = mul(n(3), pow(x, 2), sin(y));
    if (e.kind !== 'mul') throw new Error('not a product');
    const i = e.factors.findIndex((f) => f.base === sin(y));
    expect(mulOmitting(e, i, mul(n(-2), x, cos(y)))).toBe(mul(n(-6), pow(x, 3), cos(y)));
  });
});

describe('shared factor objects', () => {
  it('a base under exponent 1 is one factor object in every product holding it', () => {
    const a = mul(x, y);
    const b = mul(n(3), x, sin(z));
    if (a.kind !== 'mul' || b.kind !== 'mul') throw new Error('not products');
    expect(a.factors[0]).toBe(b.factors[0]);
    expect(a.factors[0]).toEqual({ base: x, exp: ONE });
    // and a product built from it is still the one node of its structure
    expect(mul(sin(z), x, n(3))).toBe(b);
  });

  it('c·x shares the factor list of x, and each is still the one node of its structure', () => {
    const a = mul(x, sin(y), pow(z, 3));
    const b = scale(a, rat(-5, 2));
    if (a.kind !== 'mul' || b.kind !== 'mul') throw new Error('not products');
    expect(b.factors).toBe(a.factors);
    expect(b.coeff).toEqual({ n: -5, d: 2 });
    expect(splitCoeff(b)[1]).toBe(a);
    expect(mul(n(-5, 2), pow(z, 3), x, sin(y))).toBe(b);
  });

  it('a factor with another exponent is its own object, with the right exponent', () => {
    const a = mul(pow(x, 2), y);
    const b = mul(pow(x, 2), z);
    if (a.kind !== 'mul' || b.kind !== 'mul') throw new Error('not products');
    expect(a.factors[0]).toEqual({ base: x, exp: TWO });
    expect(b.factors[0]).toEqual({ base: x, exp: TWO });
    expect(mul(x, x, y)).toBe(a);
  });
});

describe('TermSum', () => {
  it('collects the expressions it spreads as addAll collects them', () => {
    for (let seed = 0; seed < 200; seed++) {
      const es = randomExprs(9000 + 10 * seed, 1 + (seed % 7), { depth: 3 });
      const sum = new TermSum();
      for (const e of es) sum.spread(e);
      expect(sum.build()).toBe(addAll(es));
    }
  });

  it('spreads c·e over the terms of a sum e (one level multiplied out), and takes c·e whole otherwise', () => {
    const c = rat(-3, 2);
    for (const e of randomExprs(500, 200, { depth: 3 })) {
      const sum = new TermSum();
      sum.spread(e, c);
      const expected =
        e.kind === 'add'
          ? addAll([num(c), ...e.terms.map((t) => scale(t.expr, t.coeff))].map((u, i) => (i === 0 ? mul(u, num(e.constant)) : mul(num(c), u))))
          : mul(num(c), e);
      expect(sum.build()).toBe(expected);
    }
  });
});
