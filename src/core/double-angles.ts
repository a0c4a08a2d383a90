// Double angles in one printed form, the papers' contracted one
// (rubanovich1981 (2.6) writes ψ̇⁺ = ψ̇⁻(I* + cos 2α)/(I* + 1) and (2.7)
// 2mlψ̇⁻ sin α sin 2α): a report that prints sin 2α from one simplification
// and 4 cos α sin²α from another reads as two different results.
//  - in a product, sin x cos x = ½ sin 2x, as often as both occur
//    (4 cos α sin²α = 2 sin α sin 2α; 1/(4 cos β sin β) = 1/(2 sin 2β)),
//    unless the ½ would make a new fraction beside a sin x or cos x left
//    over (3 cos α sin²α stays; sin²x cos²x = ¼ sin²2x);
//  - in a sum, P cos²x − P sin²x = P cos 2x.
// Equal to its input wherever that is defined; only the report's printing
// (report/notation.ts tidy) applies it, the derivations keep their forms.
// Tests: test/core/double-angles.test.ts.
import * as Q from './rational.js';
import { add, cos, mul, num, ONE, pow, sin, splitCoeff, termsOf, TWO, type Expr, type Fn } from './expr.js';
import { mapChildren, memoPass } from './traverse.js';

const trig = (e: Expr, name: 'sin' | 'cos'): e is Fn => e.kind === 'fn' && e.name === name;

/** The integer power of a factor, or 0. */
function wholePower(f: { readonly exp: Expr }): number {
  return f.exp.kind === 'num' && Q.isInteger(f.exp.value) ? f.exp.value.n : 0;
}

/** A product with each pair sin x · cos x joined into ½ sin 2x, in the numerator or the denominator. */
function joinedProduct(e: Expr & { kind: 'mul' }): Expr {
  let coeff = e.coeff;
  const factors = e.factors.map((f) => ({ base: f.base, exp: f.exp }));
  const doubled: Expr[] = [];
  for (const s of factors) {
    if (!trig(s.base, 'sin')) continue;
    const x = s.base.args[0]!;
    const c = factors.find((f) => trig(f.base, 'cos') && f.base.args[0] === x);
    const [a, b] = [wholePower(s), c ? wholePower(c) : 0];
    // sinᵃx cosᵇx with a, b of one sign: k pairs, k of that sign.
    const k = a * b > 0 ? Math.sign(a) * Math.min(Math.abs(a), Math.abs(b)) : 0;
    if (!c || k === 0) continue;
    // Not where the ½ would be a new fraction beside a sine or cosine of x left over: 3 sin²α cos α stays,
    // not (3/2) sin α sin 2α (rubanovich1981 (1.7) prints sin²α cos α).
    const joined = Q.mul(coeff, Q.powInt(Q.HALF, k));
    if (joined.d > coeff.d && (a !== k || b !== k)) continue;
    s.exp = num(a - k);
    c.exp = num(b - k);
    doubled.push(pow(sin(mul(TWO, x)), num(k)));
    coeff = joined;
  }
  if (doubled.length === 0) return e;
  return mul(num(coeff), ...factors.map((f) => pow(f.base, f.exp)), ...doubled);
}

/** The term's rest beside cos²x or sin²x: P for P·cos²x. */
function besideSquare(term: Expr, name: 'sin' | 'cos'): { x: Expr; rest: Expr } | undefined {
  const factors = term.kind === 'mul' ? term.factors : term.kind === 'pow' ? [term] : [{ base: term, exp: ONE }];
  const square = factors.find((f) => trig(f.base, name) && f.exp === TWO);
  if (!square) return undefined;
  const rest = mul(...factors.filter((f) => f !== square).map((f) => pow(f.base, f.exp)));
  return { x: (square.base as Fn).args[0]!, rest };
}

/** A sum with each pair P cos²x − P sin²x joined into P cos 2x. */
function joinedSum(e: Expr): Expr {
  const terms = termsOf(e).map((t) => splitCoeff(t));
  const used = new Set<number>();
  const out: Expr[] = [];
  terms.forEach(([c, t], i) => {
    if (used.has(i)) return;
    const cosine = besideSquare(t, 'cos');
    const j = !cosine
      ? -1
      : terms.findIndex(([d, u], k) => {
          if (used.has(k) || k === i || !Q.eq(d, Q.neg(c))) return false;
          const sine = besideSquare(u, 'sin');
          return sine !== undefined && sine.x === cosine.x && sine.rest === cosine.rest;
        });
    if (cosine && j >= 0) {
      used.add(j);
      out.push(mul(num(c), cosine.rest, cos(mul(TWO, cosine.x))));
    } else out.push(mul(num(c), t));
  });
  return used.size ? add(...out) : e;
}

/** e with its double angles contracted, throughout (inside functions and powers too). */
export function doubleAngles(e: Expr): Expr {
  // A pass per call: its memo must not outlive the expression (a long-lived process prints model after model).
  return memoPass<Expr>((u, go) => {
    const inner = mapChildren(u, go);
    if (inner.kind === 'mul') return joinedProduct(inner);
    if (inner.kind === 'add') return joinedSum(inner);
    return inner;
  })(e);
}
