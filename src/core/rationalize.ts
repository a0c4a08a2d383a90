// A quotient in one square root √R brought to the form A + B√R with A, B
// rational: (n₀ + n₁√R)/(d₀ + d₁√R) times the conjugate d₀ − d₁√R over
// d₀² − d₁²R, with every power of √R reduced by (√R)² = R. Cancelling A and
// B then finds what the root hides: kozlov1988 §5's return to the focus is
// a/2 once the flight time's √(u² + η² + ag) is squared away, which
// cancel alone cannot see. A radicand that is a square, P²/Q² with P, Q
// proved non-negative, is its root P/Q outright (§5's smooth sliding:
// √((a² + x²)²/a²) = (a² + x²)/a for a > 0).
// Tests: test/core/rationalize.test.ts.
import { cancel, numeratorDenominator } from './cancel.js';
import { completeSquares } from './complete-square.js';
import { opCount } from './cost.js';
import { add, div, mul, neg, num, postOrder, pow, sqrt, sub, sym, ZERO, type Expr } from './expr.js';
import { expand } from './expand.js';
import { subs } from './subs.js';
import { provenPositive } from './radicals.js';
import { mapChildren } from './traverse.js';

/** The root's stand-in while the quotient is split: a name no model uses. */
const ROOT = sym('√R');

const halfOdd = (exp: Expr): boolean => exp.kind === 'num' && exp.value.d === 2;

/** The radicands of e's half-integer powers, each once. */
function radicands(e: Expr): Expr[] {
  const out = new Set<Expr>();
  for (const u of postOrder(e, () => false)) {
    if (u.kind === 'pow' && halfOdd(u.exp)) out.add(u.base);
    if (u.kind === 'mul') for (const f of u.factors) if (halfOdd(f.exp)) out.add(f.base);
  }
  return [...out];
}

/** e with R^(k/2) written ROOT^k. */
function lifted(e: Expr, r: Expr): Expr {
  const power = (base: Expr, exp: Expr): Expr => (base === r && halfOdd(exp) ? pow(ROOT, mul(num(2), exp)) : pow(lifted(base, r), lifted(exp, r)));
  if (e.kind === 'pow') return power(e.base, e.exp);
  if (e.kind === 'mul') return mul(num(e.coeff), ...e.factors.map((f) => power(f.base, f.exp)));
  return mapChildren(e, (c) => lifted(c, r));
}

/** A polynomial p in ROOT as [p₀, p₁], p = p₀ + p₁√R, its even powers of ROOT set to powers of R. */
function split(p: Expr, r: Expr): [Expr, Expr] {
  const mirrored = subs(p, new Map([[ROOT.name, neg(ROOT)]]));
  const down = (x: Expr): Expr => expand(subs(expand(x), new Map([[ROOT.name, sqrt(r)]])));
  return [down(div(add(p, mirrored), num(2))), down(div(sub(p, mirrored), mul(num(2), ROOT)))];
}

const evenPower = (x: Expr): boolean => x.kind === 'pow' && x.exp.kind === 'num' && x.exp.value.d === 1 && x.exp.value.n % 2 === 0;

/** x ≥ 0 wherever `positive` holds: proved positive, an even power, or a sum of such with positive coefficients. */
function nonNegative(x: Expr, positive: (s: Expr) => boolean): boolean {
  if (provenPositive(x, positive) || evenPower(x)) return true;
  return x.kind === 'add' && x.constant.n >= 0 && x.terms.every((t) => t.coeff.n > 0 && nonNegative(t.expr, positive));
}

/** √x where x is a product of even powers (negative ones too) of non-negative bases, P²/Q²: P/Q; else undefined. */
function squareRoot(r: Expr, positive: (s: Expr) => boolean): Expr | undefined {
  const x = completeSquares(r);
  const factors = x.kind === 'mul' && x.coeff.n === 1 && x.coeff.d === 1 ? x.factors.map((f) => pow(f.base, f.exp)) : [x];
  const halves = factors.map((f) => (f.kind === 'pow' && evenPower(f) && nonNegative(f.base, positive) ? pow(f.base, div(f.exp, num(2))) : undefined));
  return halves.every((h) => h !== undefined) ? mul(...(halves as Expr[])) : undefined;
}

/**
 * e as A + B√R where it has a single radicand R, A and B cancelled (√R
 * itself where R is a square, its root proved non-negative for the
 * symbols `positive` vouches for); the form returned only where it
 * evaluates in fewer operations, else e.
 */
export function rationalized(e: Expr, positive: (s: Expr) => boolean = () => false): Expr {
  const roots = radicands(e);
  if (roots.length !== 1) return e;
  const r = roots[0]!;
  const root = squareRoot(r, positive);
  if (root) {
    const out = cancel(subs(lifted(e, r), new Map([[ROOT.name, root]])));
    return opCount(out) < opCount(e) ? out : e;
  }
  const [n, d] = numeratorDenominator(cancel(lifted(e, r)));
  const [[n0, n1], [d0, d1]] = [split(n, r), split(d, r)];
  // d₀ = ±d₁√R: the conjugate vanishes, and the quotient is left as it is.
  const below = cancel(sub(mul(d0, d0), mul(d1, d1, r)));
  if (below === ZERO) return e;
  const rational = cancel(div(sub(mul(n0, d0), mul(n1, d1, r)), below));
  const irrational = cancel(div(sub(mul(n1, d0), mul(n0, d1)), below));
  const out = add(rational, mul(irrational, sqrt(r)));
  return opCount(out) < opCount(e) ? out : e;
}
