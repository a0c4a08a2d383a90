// Sum-to-product: an explicit trig pass, for a display that reads better as
// a product (smirnov1981 Δᵢ (2.4): two vertices of an n-gon at iπ/n and
// (i + 1)π/n become their midpoint (2i + 1)π/n times sin(π/n)). simplify
// keeps the expanded (Fourier) form, which is what comparisons want; this
// pass runs only where a caller asks for it.
// In a sum, two terms c·X·u(A) and ±c·X·u(B) with the same cofactor X are
// joined (A ≠ B):
//   sin A + sin B = 2 sin((A+B)/2) cos((A−B)/2),  sin A − sin B = 2 cos((A+B)/2) sin((A−B)/2),
//   cos A + cos B = 2 cos((A+B)/2) cos((A−B)/2),  cos A − cos B = −2 sin((A+B)/2) sin((A−B)/2),
//   sin²A − sin²B = sin(A+B) sin(A−B),            cos²A − cos²B = −sin(A+B) sin(A−B);
// then a sin 2h beside a term with the factor sin h or cos h is split,
// sin 2h = 2 sin h cos h, so that the common factor can be pulled out
// (collectFactors).
// Tests: test/core/sum-to-product.test.ts.
import * as Q from './rational.js';
import { add, cos, HALF, makeMul, mul, num, ONE, sin, splitCoeff, sub, termsOf, type Expr, type Factor } from './expr.js';
import { expand } from './expand.js';
import { collectFactors } from './factor.js';
import { mapChildren, memoPass } from './traverse.js';

/** The pass, bottom-up through the whole expression. */
export const sumToProduct: (e: Expr) => Expr = memoPass((u, go) => {
  const inner = mapChildren(u, go);
  if (inner.kind !== 'add') return inner;
  const joined = joinPairs(inner);
  // Where a pair was joined, here or below, its factors pulled out, so that a sum above sees them as factors of its term.
  return halveDoubleAngles(joined === u ? u : collectFactors(joined));
});

/** A term c·X·u(A)^k with u = sin or cos, k = 1 or 2: the trig factor it pairs on and its cofactor X. */
interface Pairable {
  readonly coeff: Q.Rational;
  readonly name: 'sin' | 'cos';
  readonly power: 1 | 2;
  readonly angle: Expr;
  readonly cofactor: Expr;
}

/** A coefficient-free term's factors, as a canonical product's (sublists of them are canonical products too). */
const factorsOfTerm = (rest: Expr): readonly Factor[] =>
  rest.kind === 'mul' ? rest.factors : rest.kind === 'pow' ? [{ base: rest.base, exp: rest.exp }] : [{ base: rest, exp: ONE }];

function pairable(term: Expr): Pairable[] {
  const [coeff, rest] = splitCoeff(term);
  const factors = factorsOfTerm(rest);
  return factors.flatMap((f, k) => {
    const { base, exp } = f;
    if (base.kind !== 'fn' || (base.name !== 'sin' && base.name !== 'cos') || exp.kind !== 'num') return [];
    const power = Q.isOne(exp.value) ? 1 : Q.eq(exp.value, Q.rat(2)) ? 2 : undefined;
    if (!power) return [];
    const cofactor = makeMul(
      Q.ONE,
      factors.filter((_, j) => j !== k),
    );
    return [{ coeff, name: base.name, power, angle: base.args[0]!, cofactor }];
  });
}

/** c·(u(A) + s·u(B)) as a product, s = ±1, or undefined where the pair has no product form (a sum of squares). */
function joined(a: Pairable, b: Pairable, s: 1 | -1): Expr | undefined {
  const half = (e: Expr): Expr => expand(mul(HALF, e));
  const [A, B] = [a.angle, b.angle];
  const [P, D] = [half(add(A, B)), half(sub(A, B))];
  const c = num(a.coeff);
  if (a.power === 1) {
    if (a.name === 'sin') return s > 0 ? mul(c, num(2), sin(P), cos(D)) : mul(c, num(2), cos(P), sin(D));
    return s > 0 ? mul(c, num(2), cos(P), cos(D)) : mul(c, num(-2), sin(P), sin(D));
  }
  if (s > 0) return undefined;
  const product = mul(sin(add(A, B)), sin(sub(A, B)));
  return mul(c, a.name === 'sin' ? product : mul(num(-1), product));
}

/** Joins the first pair of each kind found, term by term; the others are kept. */
function joinPairs(u: Expr): Expr {
  const terms = termsOf(u);
  const used = new Set<number>();
  const out: Expr[] = [];
  const candidates = terms.map(pairable);
  for (let i = 0; i < terms.length; i++) {
    if (used.has(i)) continue;
    let done = false;
    for (const a of candidates[i]!) {
      for (let j = i + 1; j < terms.length && !done; j++) {
        if (used.has(j)) continue;
        for (const b of candidates[j]!) {
          if (b.name !== a.name || b.power !== a.power || b.cofactor !== a.cofactor || b.angle === a.angle) continue;
          const s = Q.eq(a.coeff, b.coeff) ? 1 : Q.eq(a.coeff, Q.neg(b.coeff)) ? -1 : 0;
          const product = s === 0 ? undefined : joined(a, b, s);
          if (!product) continue;
          out.push(mul(product, a.cofactor));
          used.add(i).add(j);
          done = true;
          break;
        }
      }
      if (done) break;
    }
    if (!done) out.push(terms[i]!);
  }
  return used.size ? add(...out) : u;
}

/** sin 2h → 2 sin h cos h where another term of the sum has the factor sin h or cos h. */
function halveDoubleAngles(u: Expr): Expr {
  if (u.kind !== 'add') return u;
  const terms = termsOf(u);
  const halves = new Set(
    terms.flatMap((t) =>
      pairable(t)
        .filter((p) => p.power === 1)
        .map((p) => p.angle),
    ),
  );
  let changed = false;
  const out = terms.map((t) => {
    const [coeff, rest] = splitCoeff(t);
    const factors = factorsOfTerm(rest);
    const k = factors.findIndex((f) => f.exp === ONE && f.base.kind === 'fn' && f.base.name === 'sin' && halves.has(expand(mul(HALF, f.base.args[0]!))));
    if (k < 0) return t;
    const h = expand(mul(HALF, (factors[k]!.base as Expr & { kind: 'fn' }).args[0]!));
    changed = true;
    return mul(
      num(coeff),
      num(2),
      sin(h),
      cos(h),
      makeMul(
        Q.ONE,
        factors.filter((_, j) => j !== k),
      ),
    );
  });
  return changed ? add(...out) : u;
}
