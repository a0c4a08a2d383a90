// Generated code evaluates cos(q₁ − q₂) as cos q₁ cos q₂ + sin q₁ sin q₂:
// on the n-link pendulum the n(n−1)/2 angle differences then share 2n calls
// to Math.sin/Math.cos (CSE finds them), which on V8 is the difference
// between ~90 and 20 trigonometric calls per evaluation at n = 10.
// Only arguments that are sums of plain symbols with coefficients ±1 are
// rewritten; anything else (2θ, ωt) stays a single call.
// Tests: test/codegen/angle-sums.test.ts, test/codegen/generated.test.ts (n-link pendulum against the
// interpreted expressions).
import * as Q from '../core/rational.js';
import { add, addFromTerms, cos, makeFactor, makeMul, memo, mul, neg, ONE, sin, sub, type Expr, type Term } from '../core/expr.js';
import type { Rational } from '../core/rational.js';
import { deepSafe, mapChildren, mapOrSame, productOver, sumOver } from '../core/traverse.js';

/** A sum expanded under sin and cos: plain symbols with coefficients ±1 (lower.ts counts the calls it would save). */
export function isAngleSum(x: Expr): x is Expr & { kind: 'add' } {
  return x.kind === 'add' && Q.isZero(x.constant) && x.terms.every((t) => t.expr.kind === 'sym' && Q.isOne(Q.abs(t.coeff)));
}

function expandTrig(name: 'sin' | 'cos', x: Expr): Expr {
  if (!isAngleSum(x)) return name === 'sin' ? sin(x) : cos(x);
  if (x.terms.length === 2) {
    const pair = expandPair(name, x.terms[0]!, x.terms[1]!);
    if (pair) return pair;
  }
  const t = x.terms[0]!;
  const a = Q.isNegative(t.coeff) ? neg(t.expr) : t.expr;
  const r = sub(x, a);
  // sin(a + r) = sin a cos r + cos a sin r;  cos(a + r) = cos a cos r − sin a sin r
  if (name === 'sin') return add(mul(sin(a), expandTrig('cos', r)), mul(cos(a), expandTrig('sin', r)));
  return sub(mul(cos(a), expandTrig('cos', r)), mul(sin(a), expandTrig('sin', r)));
}

/**
 * sin(s·a + t·b) = s·sin a cos b + t·cos a sin b and cos(s·a + t·b) =
 * cos a cos b − st·sin a sin b for symbols a < b and signs s, t (every
 * angle sum of the n-link pendulum): the nodes the recursion above builds,
 * made from their parts directly (its intermediate sums and products were a
 * tenth of the expansion at n = 10). A product's factors are in canonical
 * order as written: calls by name (cos before sin), then by argument.
 * Undefined where a call folds (a symbol standing for π).
 */
function expandPair(name: 'sin' | 'cos', p: Term, q: Term): Expr | undefined {
  const [sa, ca, sb, cb] = [sin(p.expr), cos(p.expr), sin(q.expr), cos(q.expr)];
  if (sa.kind !== 'fn' || ca.kind !== 'fn' || sb.kind !== 'fn' || cb.kind !== 'fn') return undefined;
  const product = (f: Expr, g: Expr): Expr => makeMul(Q.ONE, [makeFactor(f, ONE), makeFactor(g, ONE)]);
  const terms = new Map<Expr, Rational>();
  if (name === 'cos') {
    terms.set(product(ca, cb), Q.ONE);
    terms.set(product(sa, sb), Q.neg(Q.mul(p.coeff, q.coeff)));
  } else {
    terms.set(product(cb, sa), p.coeff);
    terms.set(product(ca, sb), q.coeff);
  }
  return addFromTerms(Q.ZERO, terms);
}

// Results per node, across calls, in the node's memo slot: codegen prepares
// every output of every block on its own, and the 40-link pendulum's outputs
// share most of their sines and cosines (a fifth of codegen went to
// expanding them again). A result is a function of the node's structure
// alone, so it never goes stale. (A WeakMap lookup and store per node was
// two fifths of the pass at n = 10.)

/**
 * u with its children expanded: mapChildren, except that a product's number
 * exponents are not passed through the pass (they stay as they are; passing
 * them made the pass 10–15 % slower at n = 10, n-link pendulum). Expanding
 * rebuilds every node above a sine or cosine of an angle sum, most of a block.
 */
function expandChildren(u: Expr): Expr {
  if (u.kind === 'add') {
    const xs = mapOrSame(u.terms, (t) => t.expr, expandDeepSafe);
    return xs ? sumOver(u, xs) : u;
  }
  if (u.kind === 'mul' && u.factors.every((fc) => fc.exp.kind === 'num')) {
    const bs = mapOrSame(u.factors, (fc) => fc.base, expandDeepSafe);
    return bs
      ? productOver(
          u,
          bs,
          u.factors.map((fc) => fc.exp),
        )
      : u;
  }
  return mapChildren(u, expandDeepSafe);
}

const expandDeepSafe: (u: Expr) => Expr = deepSafe(
  (u) => {
    // Numbers and symbols stay as they are: no memo slot needed (a third of the nodes visited).
    if (u.kind === 'num' || u.kind === 'sym') return u;
    const m = memo(u);
    let r = m.angles;
    if (r === undefined) {
      r = u.kind === 'fn' && (u.name === 'sin' || u.name === 'cos') ? expandTrig(u.name, expandDeepSafe(u.args[0]!)) : expandChildren(u);
      m.angles = r;
    }
    return r;
  },
  (u) => u.kind === 'num' || u.kind === 'sym' || memo(u).angles !== undefined,
);

export function expandAngleSums(e: Expr): Expr {
  return expandDeepSafe(e);
}
