// Properties of `simplify` and `expand` that the per-node memo slots must
// not fake: idempotence and independence of history. Every case is built in a FRESH
// intern table (withFreshTable), so no memo slot holds an answer computed
// before; the old idempotence tests asked simplify(simplify(e)) in the same
// table, where the memo slot `simplified` of the result answered, and could
// not fail.
//
// Cases are plain data (recipes fast-check can shrink, or seeds of the
// kernel's random expressions) turned into nodes inside the table that is
// being tested.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { add, children, cos, mul, num, pow, sin, sub, sym, TWO, withFreshTable, type Expr } from '../../src/core/expr.js';
import { rat } from '../../src/core/rational.js';
import { simplify } from '../../src/core/trig.js';
import { expand } from '../../src/core/expand.js';
import { toText } from '../../src/core/print.js';
import { MechanicsError } from '../../src/errors.js';
import { rebuild } from './canonical.js';
import { randomExpr, rng } from './random-expr.js';

// ------------------------------------------------------------------ recipes
/** A term of a trigonometric polynomial: c · [z] · Π f(angle)^(1 or 2). */
interface TrigTerm {
  readonly n: number;
  readonly d: number;
  readonly z: boolean;
  readonly factors: readonly { readonly f: 'sin' | 'cos'; readonly angle: number; readonly squared: boolean }[];
}
type TrigRecipe = readonly TrigTerm[];

/** The shapes trig simplification has to reduce: sines and cosines of x, y, x ± y, 2x. */
const trigRecipe: fc.Arbitrary<TrigRecipe> = fc.array(
  fc.record({
    n: fc.constantFrom(1, 2, -1, -3),
    d: fc.constantFrom(1, 2),
    z: fc.boolean(),
    factors: fc.array(fc.record({ f: fc.constantFrom('sin' as const, 'cos' as const), angle: fc.integer({ min: 0, max: 4 }), squared: fc.boolean() }), {
      minLength: 1,
      maxLength: 3,
    }),
  }),
  { minLength: 2, maxLength: 5 },
);

function buildTrig(recipe: TrigRecipe): Expr {
  const x = sym('x');
  const y = sym('y');
  const angles = [x, y, add(x, y), sub(x, y), mul(TWO, x)];
  return add(
    ...recipe.map((t) => {
      const fs = t.factors.map(({ f, angle, squared }) => {
        const v = (f === 'sin' ? sin : cos)(angles[angle]!);
        return squared ? pow(v, 2) : v;
      });
      return mul(num(rat(t.n, t.d)), ...(t.z ? [sym('z')] : []), ...fs);
    }),
  );
}

/**
 * A general expression (sums, products, integer and half powers, sin, cos,
 * exp over x, y, z) from the kernel's seeded generator: the case is its seed.
 */
const seeded = (seed: number): Expr => randomExpr(rng(seed), { depth: 3 });

/** A random case may divide by a sum that cancels (1/0): such cases are skipped. */
function tryBuild<R>(make: (r: R) => Expr, r: R): Expr | undefined {
  try {
    return make(r);
  } catch (err) {
    if (err instanceof MechanicsError && err.code === 'division-by-zero') return undefined;
    throw err;
  }
}

// ------------------------------------------------------------------ the properties
/** simplify in a fresh table, printed; undefined when the recipe builds no expression. */
function simplifiedFresh<R>(make: (r: R) => Expr, r: R): string | undefined {
  return withFreshTable(() => {
    const e = tryBuild(make, r);
    return e && toText(simplify(e));
  });
}

/**
 * pass(pass(e)) = pass(e), the second pass in a table of its own (the
 * result rebuilt there node by node), so no memo slot can answer.
 */
function checkIdempotent<R>(pass: (e: Expr) => Expr, make: (r: R) => Expr, r: R): void {
  const first = withFreshTable(() => {
    const e = tryBuild(make, r);
    return e && { source: toText(e), once: pass(e) };
  });
  if (!first) return;
  const again = withFreshTable(() => {
    const copy = rebuild(first.once);
    return { copy: toText(copy), twice: toText(pass(copy)) };
  });
  expect(again.copy).toBe(toText(first.once));
  expect(again.twice, `${pass.name} of ${first.source}`).toBe(toText(first.once));
}

/**
 * The same printed result in a fresh table and in a table that has already
 * simplified `before` (other cases) and, bottom-up, every subexpression of
 * the case itself (so memo slots of its children were filled in another
 * context first).
 */
function checkHistoryIndependent<R>(make: (r: R) => Expr, r: R, before: readonly R[]): void {
  const fresh = simplifiedFresh(make, r);
  if (fresh === undefined) return;
  const used = withFreshTable(() => {
    for (const b of before) {
      const e = tryBuild(make, b);
      if (e) simplify(e);
    }
    const e = make(r);
    const visit = (u: Expr): void => {
      for (const c of children(u)) visit(c);
      simplify(u);
    };
    for (const c of children(e)) visit(c);
    return toText(simplify(e));
  });
  expect(used).toBe(fresh);
}

describe('simplify of random trigonometric polynomials, each in a fresh table', () => {
  it('is idempotent', () => {
    fc.assert(
      fc.property(trigRecipe, (r) => checkIdempotent(simplify, buildTrig, r)),
      { numRuns: 300, seed: 9001 },
    );
  });
  it('does not depend on what was simplified before', () => {
    fc.assert(
      fc.property(trigRecipe, fc.array(trigRecipe, { maxLength: 4 }), (r, before) => checkHistoryIndependent(buildTrig, r, before)),
      { numRuns: 150, seed: 9002 },
    );
  });
});

describe('simplify and expand of random expressions, each in a fresh table', () => {
  const seed = fc.nat();
  it('simplification is idempotent', () => {
    fc.assert(
      fc.property(seed, (r) => checkIdempotent(simplify, seeded, r)),
      { numRuns: 300, seed: 9003 },
    );
  });
  it('simplification does not depend on what was simplified before', () => {
    fc.assert(
      fc.property(seed, fc.array(seed, { maxLength: 3 }), (r, before) => checkHistoryIndependent(seeded, r, before)),
      { numRuns: 150, seed: 9004 },
    );
  });
  it('expansion is idempotent', () => {
    fc.assert(
      fc.property(seed, (r) => checkIdempotent(expand, seeded, r)),
      { numRuns: 300, seed: 9005 },
    );
  });
});
