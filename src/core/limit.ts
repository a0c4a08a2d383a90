// The limit of an expression as one of its symbols grows without bound,
// where the expression is rational in that symbol (kozlov1988 (2.5) → (2.6):
// y = g(t² − 4t + 2)/(2(N + 1)) → 0 as N → ∞). With N = 1/ε the expression
// becomes one fraction P(ε)/Q(ε) (cancel); the limit is P(0)/Q(0), after
// as many l'Hôpital steps as both vanish at 0; with half-integer powers of N,
// N = 1/ε² (√N = 1/ε). A product of a factor bounded in N — sines and
// cosines of it (of real arguments, at most 1 in size), arctangents (at
// most π/2), in sums, products
// and powers — with a rest that tends to 0 tends to 0 (kozlov1988 §2: the
// elastic strip's g(cos √N t − 1)/N). Anything else — ε
// inside another function (e^{−Nt}), an oscillation not damped by a power
// (cos √N t), ε under another fractional power, a limit that is infinite —
// gives undefined, never a guess. A sum whose terms all have
// finite limits is taken term by term, so that the terms free of N keep
// the form they have ((2.6)'s g(t − 2 − √2)²/2).
// Tests: test/core/limit.test.ts
import { cancel, numeratorDenominator } from './cancel.js';
import { add, children, dependsOn, mul, num, pow, sym, termsOf, ZERO, type Expr, type Sym } from './expr.js';
import { mapChildren, memoPass } from './traverse.js';
import * as Q from './rational.js';
import { diff } from './diff.js';
import { subs } from './subs.js';
import { simplify } from './trig.js';

/** lim e as `name` → +∞, or undefined where e is not rational in it or the limit is infinite. */
export function limitAtInfinity(e: Expr, name: string): Expr | undefined {
  if (!dependsOn(e, name)) return e;
  // Term by term where every term's limit is finite: the terms free of the symbol keep their form.
  if (e.kind === 'add') {
    const terms = termsOf(e).map((x) => limitAtInfinity(x, name));
    if (terms.every((x) => x !== undefined)) return add(...terms);
  }
  return boundedTimesVanishing(e, name) ? ZERO : quotientLimit(e, name);
}

/** e is a product of factors bounded in `name` (bounded below), at least one depending on it, and a rest whose limit is 0. */
function boundedTimesVanishing(e: Expr, name: string): boolean {
  const factors = e.kind === 'mul' ? e.factors : [{ base: e, exp: num(1) }];
  const oscillating = (f: { base: Expr; exp: Expr }): boolean => dependsOn(f.base, name) && bounded(pow(f.base, f.exp), name);
  if (!factors.some(oscillating)) return false;
  const rest = mul(num(e.kind === 'mul' ? e.coeff : Q.ONE), ...factors.filter((f) => !oscillating(f)).map((f) => pow(f.base, f.exp)));
  return limitAtInfinity(rest, name) === ZERO;
}

/** e stays bounded as `name` grows: free of it, a sine, cosine or arctangent (of a real argument), or sums, products and positive integer powers of such. */
function bounded(e: Expr, name: string): boolean {
  if (!dependsOn(e, name)) return true;
  switch (e.kind) {
    case 'fn':
      return e.name === 'sin' || e.name === 'cos' || e.name === 'atan';
    case 'add':
      return e.terms.every((t) => bounded(t.expr, name));
    case 'mul':
      return e.factors.every((f) => bounded(pow(f.base, f.exp), name));
    case 'pow':
      return e.exp.kind === 'num' && Q.isInteger(e.exp.value) && e.exp.value.n > 0 && bounded(e.base, name);
    default:
      return false;
  }
}

/** The limit of e as one fraction P(ε)/Q(ε), ε = 1/name. */
function quotientLimit(e: Expr, name: string): Expr | undefined {
  const eps = sym(`${name}⁻¹`);
  let [top, bottom] = numeratorDenominator(cancel(simplify(inEpsilon(e, name, eps).expr)));
  if (!polynomialIn(top, eps) || !polynomialIn(bottom, eps)) return undefined;
  const zero = new Map([[eps.name, ZERO]]);
  for (let step = 0; step < 8; step++) {
    const [n0, d0] = [top, bottom].map((x) => simplify(subs(x, zero))) as [Expr, Expr];
    if (d0 !== ZERO) return simplify(mul(n0, pow(d0, -1)));
    if (n0 !== ZERO) return undefined;
    [top, bottom] = [diff(top, eps.name), diff(bottom, eps.name)];
  }
  return undefined;
}

/**
 * e with name = ε⁻¹, or name = ε⁻² where it occurs under half-integer powers
 * (kozlov1988 (4.7): the period 2π/√N + 2l/v → 2l/v), each power of the
 * symbol written as one of ε: √N = ε⁻¹ as N → +∞. `k`: name = ε^{−k}, 2 where
 * the caller asks (a root of N + 1 is one of ε⁻² + 1, which has a series in ε).
 */
export function inEpsilon(e: Expr, name: string, eps: Sym, always?: 2): { readonly expr: Expr; readonly k: 1 | 2 } {
  const symbol = sym(name);
  // The powers of e as (base, exponent) pairs: a product keeps its factors' powers as pairs.
  const powers = (u: Expr): readonly { readonly base: Expr; readonly exp: Expr }[] =>
    u.kind === 'mul' ? u.factors : u.kind === 'pow' ? [{ base: u.base, exp: u.exp }] : [];
  const half = (f: { base: Expr; exp: Expr }): boolean => f.base === symbol && f.exp.kind === 'num' && f.exp.value.d === 2;
  const halves = (u: Expr): boolean => powers(u).some(half) || children(u).some(halves);
  const k = always ?? (halves(e) ? 2 : 1);
  const power = (exp: Expr): Expr => (exp.kind === 'num' ? pow(eps, num(Q.mul(exp.value, Q.rat(-k)))) : pow(pow(eps, -k), exp));
  const expr = memoPass<Expr>((u, go) => {
    if (u === symbol) return pow(eps, -k);
    if (u.kind === 'pow' && u.base === symbol) return power(u.exp);
    if (u.kind === 'mul') return mul(num(u.coeff), ...u.factors.map((f) => (f.base === symbol ? power(f.exp) : pow(go(f.base), go(f.exp)))));
    return mapChildren(u, go);
  })(e);
  return { expr, k };
}

/** The symbol occurs only under non-negative integer powers, never inside a function. */
function polynomialIn(e: Expr, s: Sym): boolean {
  if (!dependsOn(e, s.name)) return true;
  const power = (base: Expr, exp: Expr): boolean =>
    !dependsOn(base, s.name) || (exp.kind === 'num' && Q.isInteger(exp.value) && exp.value.n >= 0 && polynomialIn(base, s));
  switch (e.kind) {
    case 'sym':
      return true;
    case 'add':
      return e.terms.every((t) => polynomialIn(t.expr, s));
    case 'mul':
      return e.factors.every((f) => power(f.base, f.exp));
    case 'pow':
      return power(e.base, e.exp);
    default:
      return false;
  }
}
