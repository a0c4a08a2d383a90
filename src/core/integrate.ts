// Symbolic definite integration, for the resultants of distributed contact
// laws: a force density over a contact patch integrated
// between symbolic ends (Kuleshov et al. (4.6), (5.3)).
//
// SUPPORTED CLASS. The integrand is expanded into terms; each term is a
// factor free of x times one of
//   (a) x^n, n rational > −1 (n = −1 would need log|x|);
//   (b) x^n·L^p, L = α + βx linear, n a non-negative integer, p rational
//       > −1: u = L, x = (u − α)/β turns it into a sum of powers of u;
//   (c) x^n·Q^p, Q = α + γx² (no linear term), n a non-negative integer:
//       n odd, p rational > −1 by u = x²; n even, p half-integer ≥ −1/2, α ≠ 0, by
//       x² = (Q − α)/γ and the reduction (2s+1)J_s = xQ^s + 2sαJ_{s−1} of
//       J_s = ∫Q^s dx, ending in J_{−1/2} = asin(x√(−γ/α))/√(−γ) when γ
//       looks negative (r² − x², a disk's profile) and log(x√γ + √Q)/√γ
//       otherwise;
//   (d) x^n·Π sin/cos(ωᵢx + φᵢ)^{kᵢ}, n and kᵢ non-negative integers:
//       products to sums, then ∫xⁿg(ωx + φ) by repeated integration by parts.
// Anything else gives undefined, never a guess: the caller names the
// failure. Exponents > −1 make every supported integrand locally integrable
// wherever it is real, so F(b) − F(a) is the integral whenever the integrand
// is real on [a, b] (where it is not, the antiderivative evaluates to NaN,
// not to a wrong number). Symbols divided by (β, γ, ω, α in J_{−1/2}) are
// taken non-zero, as every CAS does for a generic answer.
// Tests: test/core/integrate.test.ts
import * as Q from './rational.js';
import type { Rational } from './rational.js';
import { add, cos, dependsOn, factorsOf, fn, hasNegativeSign, mul, neg, num, ONE, pow, sin, sqrt, sub, sym, termsOf, ZERO, type Expr } from './expr.js';
import { diff } from './diff.js';
import { expand } from './expand.js';
import { subs } from './subs.js';
import { simplify } from './trig.js';

/** ∫_a^b f dx = F(b) − F(a), simplified; undefined when f is outside the supported class. */
export function definiteIntegral(f: Expr, x: string, a: Expr, b: Expr): Expr | undefined {
  const F = antiderivative(f, x);
  if (F === undefined) return undefined;
  return simplify(sub(subs(F, new Map([[x, b]])), subs(F, new Map([[x, a]]))));
}

/** An antiderivative F of f in x (dF/dx = f), or undefined outside the supported class. */
export function antiderivative(f: Expr, x: string): Expr | undefined {
  if (!dependsOn(f, x)) return mul(f, sym(x));
  const parts: Expr[] = [];
  for (const term of termsOf(expand(f))) {
    const F = termAntiderivative(term, x);
    if (F === undefined) return undefined;
    parts.push(F);
  }
  return add(...parts);
}

interface Radical {
  readonly base: Expr;
  readonly exp: Rational;
}
interface Wave {
  readonly coeff: Rational;
  readonly name: 'sin' | 'cos' | 'one';
  readonly arg: Expr;
}

/** ∫ term dx for one term of an expanded integrand. */
function termAntiderivative(term: Expr, x: string): Expr | undefined {
  const X = sym(x);
  const constant: Expr[] = [];
  let power = Q.ZERO;
  const radicals: Radical[] = [];
  const trig: Expr[] = [];
  for (const factor of factorsOf(term)) {
    if (!dependsOn(factor, x)) {
      constant.push(factor);
      continue;
    }
    const [base, exp] = factor.kind === 'pow' ? [factor.base, factor.exp] : [factor, ONE];
    if (exp.kind !== 'num') return undefined;
    const k = exp.value;
    if (base === X) power = k;
    else if (base.kind === 'fn' && (base.name === 'sin' || base.name === 'cos') && Q.isInteger(k) && k.n > 0) {
      if (slope(base.args[0]!, x) === undefined) return undefined;
      for (let i = 0; i < k.n; i++) trig.push(base);
    } else if (base.kind !== 'fn') radicals.push({ base, exp: k });
    else return undefined;
  }
  const c = mul(...constant);
  if (radicals.length === 0 && trig.length === 0) {
    // (a) x^n
    if (Q.cmp(power, Q.MINUS_ONE) <= 0) return undefined;
    const n1 = Q.add(power, Q.ONE);
    return mul(c, pow(X, num(n1)), num(Q.div(Q.ONE, n1)));
  }
  if (!Q.isInteger(power) || power.n < 0) return undefined;
  if (radicals.length === 0) {
    const F = trigAntiderivative(power.n, trig, x);
    return F && mul(c, F);
  }
  if (radicals.length > 1 || trig.length > 0) return undefined;
  const F = radicalAntiderivative(power.n, radicals[0]!, x);
  return F && mul(c, F);
}

/** dA/dx when A is linear in x (free of x, non-zero), else undefined. */
function slope(arg: Expr, x: string): Expr | undefined {
  const d = simplify(diff(arg, x));
  return dependsOn(d, x) ? undefined : d;
}

const at0 = (e: Expr, x: string): Expr => simplify(subs(e, new Map([[x, ZERO]])));

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/**
 * Σ_j C(m, j)(−α)^{m−j} u^{j+p+1}/(j+p+1): ∫((u − α))^m u^p du for
 * p > −1 (so j + p + 1 ≠ 0). Cases (b) and (c, n odd) after their
 * substitutions; the caller divides by the Jacobian.
 */
function shiftedPowers(m: number, alpha: Expr, u: Expr, p: Rational): Expr {
  const parts: Expr[] = [];
  for (let j = 0; j <= m; j++) {
    const e = Q.add(Q.add(p, Q.rat(j)), Q.ONE);
    parts.push(mul(num(binomial(m, j)), pow(neg(alpha), m - j), pow(u, num(e)), num(Q.div(Q.ONE, e))));
  }
  return add(...parts);
}

/** ∫ x^n B^p dx for B linear or α + γx² (cases b, c). */
function radicalAntiderivative(n: number, { base, exp: p }: Radical, x: string): Expr | undefined {
  if (Q.cmp(p, Q.MINUS_ONE) <= 0) return undefined;
  const d1 = simplify(diff(base, x));
  const alpha = at0(base, x);
  // A base whose x cancels (sin²x + cos²x) is not one this class knows.
  if (d1 === ZERO) return undefined;
  if (!dependsOn(d1, x)) {
    // (b) u = α + βx, x = (u − α)/β, dx = du/β.
    return mul(shiftedPowers(n, alpha, base, p), pow(d1, -(n + 1)));
  }
  const d2 = simplify(diff(d1, x));
  if (dependsOn(d2, x) || at0(d1, x) !== ZERO) return undefined;
  const gamma = mul(num(Q.HALF), d2);
  if (n % 2 === 1) {
    // (c, n odd) u = Q, x² = (u − α)/γ, x dx = du/(2γ).
    const m = (n - 1) / 2;
    return mul(shiftedPowers(m, alpha, base, p), pow(gamma, -(m + 1)), num(Q.HALF));
  }
  // J_{−1/2} needs α ≠ 0 (γx² alone is a power of |x|, not this case).
  if (p.d !== 2 || alpha === ZERO) return undefined;
  // (c, n even) x^n = ((Q − α)/γ)^{n/2} = Σ_j C(m, j)(−α)^{m−j}Q^j / γ^m.
  const m = n / 2;
  const J = reduction(alpha, gamma, base, Q.add(p, Q.rat(m)), x);
  const parts: Expr[] = [];
  for (let j = 0; j <= m; j++) parts.push(mul(num(binomial(m, j)), pow(neg(alpha), m - j), J(Q.add(p, Q.rat(j)))));
  return mul(add(...parts), pow(gamma, -m));
}

/**
 * J_s = ∫(α + γx²)^s dx for half-integer s from −1/2 up to `top`, by
 * (2s+1)J_s = x Q^s + 2sα J_{s−1} (differentiate xQ^s to check).
 */
function reduction(alpha: Expr, gamma: Expr, base: Expr, top: Rational, x: string): (s: Rational) => Expr {
  const X = sym(x);
  const table = new Map<number, Expr>();
  let s = Q.rat(-1, 2);
  let J = hasNegativeSign(gamma)
    ? mul(fn('asin', mul(X, sqrt(neg(gamma)), pow(alpha, num(Q.rat(-1, 2))))), pow(neg(gamma), num(Q.rat(-1, 2))))
    : mul(fn('log', add(mul(X, sqrt(gamma)), sqrt(base))), pow(gamma, num(Q.rat(-1, 2))));
  table.set(Q.toNumber(s), J);
  while (Q.cmp(s, top) < 0) {
    s = Q.add(s, Q.ONE);
    const k = Q.add(Q.mul(Q.rat(2), s), Q.ONE);
    J = mul(add(mul(X, pow(base, num(s))), mul(num(Q.mul(Q.rat(2), s)), alpha, J)), num(Q.div(Q.ONE, k)));
    table.set(Q.toNumber(s), J);
  }
  return (e) => table.get(Q.toNumber(e))!;
}

// ---------------------------------------------------------------- case (d)
/** Π of sines and cosines as a sum of single sines and cosines (product to sum). */
function toWaves(factors: readonly Expr[]): Wave[] {
  let waves: Wave[] = [{ coeff: Q.ONE, name: 'one', arg: ZERO }];
  for (const f of factors) {
    const g = (f as Expr & { kind: 'fn' }).name as 'sin' | 'cos';
    const b = (f as Expr & { kind: 'fn' }).args[0]!;
    waves = waves.flatMap((w): Wave[] => {
      if (w.name === 'one') return [{ coeff: w.coeff, name: g, arg: b }];
      const h = Q.mul(w.coeff, Q.HALF);
      const dif = sub(w.arg, b);
      const sum = add(w.arg, b);
      // cos a cos b = ½[cos(a−b) + cos(a+b)], sin a sin b = ½[cos(a−b) − cos(a+b)],
      // sin a cos b = ½[sin(a+b) + sin(a−b)], cos a sin b = ½[sin(a+b) − sin(a−b)].
      if (w.name === g)
        return [
          { coeff: h, name: 'cos', arg: dif },
          { coeff: g === 'cos' ? h : Q.neg(h), name: 'cos', arg: sum },
        ];
      return [
        { coeff: h, name: 'sin', arg: sum },
        { coeff: w.name === 'sin' ? h : Q.neg(h), name: 'sin', arg: dif },
      ];
    });
  }
  return waves;
}

/** ∫ x^n Π trig dx (case d). */
function trigAntiderivative(n: number, factors: readonly Expr[], x: string): Expr | undefined {
  const X = sym(x);
  const parts: Expr[] = [];
  for (const w of toWaves(factors)) {
    const omega = slope(w.arg, x)!;
    const value = w.name === 'sin' ? sin(w.arg) : cos(w.arg);
    if (omega === ZERO) {
      // A wave whose argument lost x (cos(x − x) = 1) is a constant.
      parts.push(mul(num(w.coeff), value, pow(X, n + 1), num(Q.rat(1, n + 1))));
      continue;
    }
    parts.push(mul(num(w.coeff), byParts(n, w.name as 'sin' | 'cos', w.arg, omega, X)));
  }
  return add(...parts);
}

/**
 * ∫ xⁿ g(u) dx, u = ωx + φ: Σᵢ (−1)ⁱ n!/(n−i)! x^{n−i} G_{i+1}(u)/ω^{i+1},
 * where G₁ = ∫g du and G_{i+1} = ∫G_i du (sin → −cos → −sin → cos → sin).
 */
function byParts(n: number, g: 'sin' | 'cos', u: Expr, omega: Expr, X: Expr): Expr {
  const parts: Expr[] = [];
  let name = g;
  let sign = 1;
  let falling = 1; // n!/(n−i)!
  for (let i = 0; i <= n; i++) {
    // Integrate once more: ∫cos = sin, ∫sin = −cos.
    if (name === 'cos') name = 'sin';
    else {
      name = 'cos';
      sign = -sign;
    }
    const G = mul(num(sign), name === 'sin' ? sin(u) : cos(u));
    parts.push(mul(num(i % 2 === 0 ? falling : -falling), pow(X, n - i), G, pow(omega, -(i + 1))));
    falling *= n - i;
  }
  return add(...parts);
}
