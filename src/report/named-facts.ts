// A derived result written in the names the paper's formula gives the
// derived facts it binds: kozlov1988 (4.2)'s flight after the swing in the
// swing's duration τ, ½(t − τ)(2v − g(t − τ)), not with τ's
// 2 arcctg(−g/(√N v))/√N spelled out twice. A bound fact that is
// linear in the one function it holds, τ = α + βA, gives A = (τ − α)/β,
// set into the result; kept where A is gone and the result prints shorter.
// Printing only: the two are equal by that substitution.
// Tests: test/report/named-facts.test.ts.
import { div, dependsOn, num, sub, sym, type Expr } from '../core/expr.js';
import { subs } from '../core/subs.js';
import { mapChildren, memoPass } from '../core/traverse.js';
import { simplify } from '../core/trig.js';
import { MechanicsError } from '../errors.js';
import { math } from './notation.js';

/** A symbol no model names, standing for the function a fact is linear in. */
const ATOM = sym('__named_fact_atom');

/** The function subexpressions of e not inside another function (arctan(…) of τ, not its argument's roots). */
function outerFunctions(e: Expr): Set<Expr> {
  const out = new Set<Expr>();
  memoPass<Expr>((u, go) => {
    if (u.kind === 'fn') out.add(u);
    else mapChildren(u, go);
    return u;
  })(e);
  return out;
}

/** e with every occurrence of the subexpression a replaced by b. */
function replace(e: Expr, a: Expr, b: Expr): Expr {
  return memoPass<Expr>((u, go) => (u === a ? b : mapChildren(u, go)))(e);
}

/** A in the symbol s, where the fact s stands for is α + βA in the one function A it holds; else undefined. */
function inverse(s: string, fact: Expr): { atom: Expr; value: Expr } | undefined {
  const atoms = outerFunctions(fact);
  if (atoms.size !== 1) return undefined;
  const atom = [...atoms][0]!;
  const linear = replace(fact, atom, ATOM);
  const alpha = simplify(subs(linear, new Map([[ATOM.name, num(0)]])));
  const beta = simplify(div(sub(linear, alpha), ATOM));
  if (dependsOn(beta, ATOM.name) || dependsOn(alpha, ATOM.name)) return undefined;
  // Dividing by a sum would print a denominator that vanishes where the result does not (smirnov1981 §2's
  // Δ₁₁ = a₂ − a₁ + w(f₁₁ − f₁₂) sgn ẋ solved for sgn ẋ: over f₁₁ − f₁₂, which may be 0).
  if (hasSum(beta)) return undefined;
  return { atom, value: div(sub(sym(s), alpha), beta) };
}

/** Whether e is, or has a factor or power that is, a sum. */
function hasSum(e: Expr): boolean {
  if (e.kind === 'add') return true;
  if (e.kind === 'mul') return e.factors.some((f) => hasSum(f.base));
  return e.kind === 'pow' && hasSum(e.base);
}

/**
 * e in the names of the facts `facts` binds (symbol → its derived value), where that prints shorter and
 * leaves none of the functions those names stand for: a fact that occurs whole is named where it occurs (a
 * reaction over its variant's determinant, smirnov1981 §2's N₁₁₁ = […]/Δ₁₁).
 */
export function inNamedFacts(e: Expr, facts: ReadonlyMap<string, Expr>): Expr {
  let out = e;
  for (const [s, fact] of facts) {
    if (fact.kind !== 'sym' && fact.kind !== 'num') {
      const whole = simplify(replace(out, fact, sym(s)));
      if (whole !== out && math(whole).length < math(out).length) out = whole;
    }
    try {
      const inv = inverse(s, fact);
      if (!inv) continue;
      const named = simplify(replace(out, inv.atom, inv.value));
      if (!dependsOn(replace(named, inv.atom, ATOM), ATOM.name) && math(named).length < math(out).length) out = named;
    } catch (err) {
      // A fact with its function in a denominator (1/cos θ at θ = 0: the compass's): not linear in it, left as it is.
      if (!(err instanceof MechanicsError)) throw err;
    }
  }
  return out;
}
