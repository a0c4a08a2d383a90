// The factored quotient form a paper prints, tried beside the trig-simplified
// sum and the common-denominator form where a result is shown (the impact
// facts of src/derive/paper-results.ts): the shortest of them is kept.
//  - every sine and cosine of an integer multiple n·x of a symbol (n ≥ 2) is
//    expanded in sin x and cos x by the addition theorems;
//  - even powers of cos x are written in sin x (the circle's normal form), so
//    that a factor hidden by the identity s² + c² = 1 becomes a polynomial
//    factor;
//  - common factors of numerator and denominator are cancelled (cancel.ts);
//  - the content of every sum is pulled out (factor.ts) and each sum that
//    remains is written back in its shortest trig form (trig.ts).
// rubanovich1981's rimless wheel: the Carnot loss, derived as
// l²mψ̇²(4I* + sin²2α − 4I*cos⁴α + 4I*²sin²α)/(1 + I*)², becomes
// 4l²mψ̇² sin²α (I* + cos²α)/(1 + I*) — the numerator is
// 4 sin²α (1 + I*)(1 + I* − sin²α) once written in sin α alone.
// Tests: test/core/factored.test.ts.
import { cancel } from './cancel.js';
import { add, cos, hasNegativeSign, mul, mulAll, neg, num, pow, sin, sub, unreachable, type Expr, type Fn } from './expr.js';
import { collectFactors } from './factor.js';
import { toText } from './print.js';
import { mapChildren, memoPass } from './traverse.js';
import { pythagoreanIn, simplify } from './trig.js';

/** The factored form of e (equal to e wherever both are defined). */
export function factored(e: Expr): Expr {
  const expanded = multipleAnglesExpanded(e);
  let circle = expanded;
  for (const x of cosineAngles(expanded)) circle = pythagoreanIn(circle, x, 'cos');
  return sumsSimplified(collectFactors(cancel(circle)));
}

/** The shortest printed of e's candidate forms: e itself, and each of `forms` applied to it. */
export function shortestOf(e: Expr, forms: readonly ((e: Expr) => Expr)[]): Expr {
  let best = e;
  let length = toText(e).length;
  for (const form of forms) {
    const f = form(e);
    const n = toText(f).length;
    if (n < length) [best, length] = [f, n];
  }
  return best;
}

/** sin(n·x), cos(n·x) → polynomials in sin x, cos x (n an integer ≥ 2, x a symbol). */
function multipleAnglesExpanded(e: Expr): Expr {
  // A pass per call: a memo kept across calls would hold every expression ever printed.
  return memoPass<Expr>((u, go) => {
    if (u.kind !== 'fn' || (u.name !== 'sin' && u.name !== 'cos')) return mapChildren(u, go);
    const multiple = integerMultiple(u);
    if (!multiple) return mapChildren(u, go);
    const [n, x] = multiple;
    let [s, c] = [sin(x), cos(x)];
    for (let k = 1; k < n; k++) [s, c] = [add(mul(s, cos(x)), mul(c, sin(x))), sub(mul(c, cos(x)), mul(s, sin(x)))];
    return u.name === 'sin' ? s : c;
  })(e);
}

/** [n, x] for sin(n·x) or cos(n·x) with n ≥ 2 an integer and x a symbol. */
function integerMultiple(u: Fn): [number, Expr] | undefined {
  const a = u.args[0]!;
  if (a.kind !== 'mul' || a.factors.length !== 1 || a.coeff.d !== 1 || a.coeff.n < 2) return undefined;
  const f = a.factors[0]!;
  return f.base.kind === 'sym' && f.exp.kind === 'num' && f.exp.value.n === 1 && f.exp.value.d === 1 && a.coeff.n <= 8 ? [a.coeff.n, f.base] : undefined;
}

/** The arguments of the cosines in e. */
function cosineAngles(e: Expr): Set<Expr> {
  const out = new Set<Expr>();
  const visit = (u: Expr): void => {
    switch (u.kind) {
      case 'num':
      case 'sym':
        return;
      case 'fn':
        if (u.name === 'cos') out.add(u.args[0]!);
        u.args.forEach(visit);
        return;
      case 'add':
        u.terms.forEach((t) => visit(t.expr));
        return;
      case 'mul':
        u.factors.forEach((f) => {
          visit(f.base);
          visit(f.exp);
        });
        return;
      case 'pow':
        visit(u.base);
        visit(u.exp);
        return;
      default:
        unreachable(u);
    }
  };
  visit(e);
  return out;
}

/** Each sum of a product (and the product's own sum) in its shortest trig form, led by a positive term: −4/(−1 − 3s²) = 4/(1 + 3s²). */
function sumsSimplified(e: Expr): Expr {
  // A pass per call: a memo kept across calls would hold every expression ever printed.
  return memoPass<Expr>((u, go) => {
    if (u.kind === 'add') return simplify(u);
    if (u.kind !== 'mul') return mapChildren(u, go);
    return mulAll([
      num(u.coeff),
      ...u.factors.map((f) => {
        const base = go(f.base);
        const odd = f.exp.kind === 'num' && f.exp.value.d === 1 && f.exp.value.n % 2 !== 0;
        return base.kind === 'add' && hasNegativeSign(base) && f.exp.kind === 'num' && f.exp.value.d === 1
          ? mul(num(odd ? -1 : 1), pow(neg(base), f.exp))
          : pow(base, f.exp);
      }),
    ]);
  })(e);
}
