// Generated code evaluates cos(q₁ − q₂) as cos q₁ cos q₂ + sin q₁ sin q₂:
// on the n-link pendulum the n(n−1)/2 angle differences then share 2n calls
// to Math.sin/Math.cos (CSE finds them), which on V8 is the difference
// between ~90 and 20 trigonometric calls per evaluation at n = 10.
// Only arguments that are sums of plain symbols with coefficients ±1 are
// rewritten; anything else (2θ, ωt) stays a single call.
// Tests: test/codegen/generated.test.ts (n-link pendulum against the
// interpreted expressions).
import * as Q from '../core/rational.js';
import { add, addFromTerms, compare, cos, makeMul, mul, neg, sin, sub, type Expr, type Factor } from '../core/expr.js';
import type { Rational } from '../core/rational.js';
import { deepSafe, mapChildren } from '../core/traverse.js';

/** A sum expanded under sin and cos: plain symbols with coefficients ±1 (lower.ts counts the calls it would save). */
export function isAngleSum(x: Expr): x is Expr & { kind: 'add' } {
  return x.kind === 'add' && Q.isZero(x.constant) && x.terms.every((t) => t.expr.kind === 'sym' && Q.isOne(Q.abs(t.coeff)));
}

function expandTrig(name: 'sin' | 'cos', x: Expr): Expr {
  if (!isAngleSum(x)) return name === 'sin' ? sin(x) : cos(x);
  const t = x.terms[0]!;
  const a = Q.isNegative(t.coeff) ? neg(t.expr) : t.expr;
  const r = sub(x, a);
  // sin(a + r) = sin a cos r + cos a sin r;  cos(a + r) = cos a cos r − sin a sin r
  if (name === 'sin') return add(mul(sin(a), expandTrig('cos', r)), mul(cos(a), expandTrig('sin', r)));
  return sub(mul(cos(a), expandTrig('cos', r)), mul(sin(a), expandTrig('sin', r)));
}

// Results per node, across calls: codegen prepares every output of every
// block on its own, and the 40-link pendulum's outputs share most of their
// sines and cosines (a fifth of codegen went to expanding them again). A
// result is a function of the node's structure alone, so it never goes stale.
const expanded = new WeakMap<Expr, Expr>();

/**
 * u with f applied to its children, as mapChildren rebuilds it, through
 * the kernel's node constructors directly where the new children need no
 * merging: a sum whose terms stay terms (a symbol, call, power or product
 * of coefficient 1) and a product whose bases stay symbols, calls or sums
 * (an expanded sine or cosine) and distinct. Expanding rebuilds every node
 * above a sine or cosine of an angle sum, most of a block, and
 * mapChildren's general path (a number node per term, then addAll's or
 * mulAll's merge) was two thirds of this pass.
 */
function rebuilt(u: Expr, f: (c: Expr) => Expr): Expr {
  if (u.kind === 'add') {
    let changed = false;
    const acc = new Map<Expr, Rational>();
    for (const t of u.terms) {
      const x = f(t.expr);
      if (x === t.expr) {
        acc.set(x, t.coeff);
        continue;
      }
      if (x.kind === 'num' || x.kind === 'add' || (x.kind === 'mul' && !Q.isOne(x.coeff)) || acc.has(x)) return mapChildren(u, f);
      acc.set(x, t.coeff);
      changed = true;
    }
    // A term that became an earlier term's node merges: mapChildren's sum does that.
    if (acc.size < u.terms.length) return mapChildren(u, f);
    return changed ? addFromTerms(u.constant, acc) : u;
  }
  if (u.kind === 'mul') {
    let changed = false;
    const factors: Factor[] = [];
    for (const fc of u.factors) {
      const base = f(fc.base);
      if (fc.exp.kind !== 'num' || (base !== fc.base && base.kind !== 'sym' && base.kind !== 'fn' && base.kind !== 'add')) return mapChildren(u, f);
      if (base !== fc.base) changed = true;
      factors.push(base === fc.base ? fc : { base, exp: fc.exp });
    }
    if (!changed) return u;
    factors.sort((x, y) => compare(x.base, y.base));
    for (let k = 1; k < factors.length; k++) if (factors[k]!.base === factors[k - 1]!.base) return mapChildren(u, f);
    return makeMul(u.coeff, factors);
  }
  return mapChildren(u, f);
}

const expandDeepSafe: (u: Expr) => Expr = deepSafe(
  (u) => {
    // Numbers and symbols stay as they are: no memo slot needed (a third of the nodes visited).
    if (u.kind === 'num' || u.kind === 'sym') return u;
    let r = expanded.get(u);
    if (r === undefined) {
      r = u.kind === 'fn' && (u.name === 'sin' || u.name === 'cos') ? expandTrig(u.name, expandDeepSafe(u.args[0]!)) : rebuilt(u, expandDeepSafe);
      expanded.set(u, r);
    }
    return r;
  },
  (u) => u.kind === 'num' || u.kind === 'sym' || expanded.has(u),
);

export function expandAngleSums(e: Expr): Expr {
  return expandDeepSafe(e);
}
