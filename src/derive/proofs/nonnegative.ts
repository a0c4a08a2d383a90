// A proof that f ≥ 0 on a domain, for the non-strict claims (claims.ts),
// which may vanish where a strict proof needs f > 0 (kugushev2002 §9:
// the loss (1 − e²)w²/(2k) is 0 at e = 1 and where w = 0). f is split into
// its factors (sign.ts factorize) and the signs of the factors multiplied:
//  - an even power (a square) is ≥ 0, whatever its base;
//  - a base's sign is proved strict (sign.ts), or weak: ≥ 0 or ≤ 0 by
//    interval arithmetic over the closed box with branch and bound, where
//    an enclosure touching 0 counts (1 − e² on e ∈ [0, 1] encloses to
//    [0, 1]);
//  - a sum c₀ + c₁p + … + cₙpⁿ whose coefficients in one bounded parameter
//    p are multiples of one of them, c·P(p), has the sign of c times that
//    of P on p's range: −m₁ + e²m₁ + (e² − 1)m₂ sin²θ is −(m₁ + m₂ sin²θ)
//    times 1 − e², which interval arithmetic on the expanded sum cannot see;
//  - c + k·acos(u) (or asin) with c and k numbers: acos u ≥ t exactly where
//    u ≤ cos t, so the sign of u − cos t on the box decides, where interval
//    arithmetic alone cannot (rubanovich1981 (2.8): π/2 − ½ arccos I* ≥ π/4
//    is 0 at I* = 0, and an outward-rounded arccos 0 overshoots π/2);
//  - a negative power needs a non-zero base: one of strict sign, or one
//    proved ≥ 0 (≤ 0) that vanishes only where f is undefined — such bases
//    are returned, the proof holds where they are non-zero (Kugushev–
//    Sorokina's ∂gᵀB⁻¹∂g > 0 where the constraint is regular, ∂g ≠ 0).
// Running out of boxes is "not proved".
// Tests: test/derive/proofs/claims.test.ts.
import * as Q from '../../core/rational.js';
import { cancel } from '../../core/cancel.js';
import { diff } from '../../core/diff.js';
import { add, dependsOn, fn, freeSymbols, mul, neg, num, pow, splitCoeff, sub, sym, termsOf, ZERO, type Expr, type Factor } from '../../core/expr.js';
import { evaluate } from '../../core/evaluate.js';
import { subs } from '../../core/subs.js';
import { together } from '../../core/together.js';
import { simplify } from '../../core/trig.js';
import { enclose, splitBox, type Interval } from './interval.js';
import { factorize, signOn, type Domain } from './sign.js';

/** Boxes examined per sign before giving up. */
const BUDGET = 2000;
/** Relative width below which a box is not split further. */
const MIN_WIDTH = 1e-9;
/** Highest power of a parameter a sum is separated in. */
const MAX_DEGREE = 4;

/** -1, 0, 1: the sign, strict (±1 strict) or weak; unknown is undefined. */
type Signed = { readonly sign: 1 | -1; readonly strict: boolean } | undefined;

export interface Nonnegative {
  readonly holds: boolean;
  /** Denominators proved ≥ 0 (or ≤ 0) but not ≠ 0: f ≥ 0 where they are non-zero, where f is defined. */
  readonly nonzero: readonly Expr[];
}

/** Whether f ≥ 0 throughout the domain (where f is defined) is proved. */
export function proveNonnegative(f: Expr, domain: Domain): Nonnegative {
  const { coeff, factors } = factorize(together(cancel(f)));
  if (Q.isZero(coeff)) return { holds: true, nonzero: [] };
  const nonzero: Expr[] = [];
  let sign = Q.isNegative(coeff) ? -1 : 1;
  for (const factor of factors) {
    const s = factorSign(factor, domain, nonzero);
    if (!s) return { holds: false, nonzero: [] };
    sign *= s.sign;
  }
  return { holds: sign > 0, nonzero: sign > 0 ? nonzero : [] };
}

function factorSign({ base, exp }: Factor, domain: Domain, nonzero: Expr[]): Signed {
  if (exp.kind !== 'num') return signOn(base, domain) === 'positive' ? { sign: 1, strict: true } : undefined;
  const k = exp.value;
  const even = k.d === 1 && k.n % 2 === 0;
  if (even && !Q.isNegative(k)) return { sign: 1, strict: false };
  const b = baseSign(base, domain);
  if (!b) return undefined;
  if (Q.isNegative(k) && !b.strict) nonzero.push(base);
  if (even) return { sign: 1, strict: true };
  // A root of a base ≤ 0 is not real.
  if (k.d !== 1) return b.sign > 0 ? b : undefined;
  return b;
}

function baseSign(base: Expr, domain: Domain): Signed {
  const strict = signOn(base, domain);
  if (strict !== 'unknown') return { sign: strict === 'positive' ? 1 : -1, strict: true };
  const weak = boxSign(base, domain) ?? inverseTrigSign(base, domain);
  if (weak) return weak;
  for (const p of domain.variables.keys()) {
    const parts = dependsOn(base, p) ? separated(base, p, domain) : undefined;
    if (!parts) continue;
    // P is of p alone: only the box can tell its sign.
    const c = baseSign(parts[0], domain);
    const P = boxSign(parts[1], domain);
    if (c && P) return { sign: c.sign * P.sign > 0 ? 1 : -1, strict: c.strict && P.strict };
  }
  return undefined;
}

function boxSign(e: Expr, domain: Domain): Signed {
  if (nonnegativeOnBox(e, domain)) return { sign: 1, strict: false };
  if (nonnegativeOnBox(neg(e), domain)) return { sign: -1, strict: false };
  return undefined;
}

/**
 * The sign of c + k·g(u), g = acos or asin and c, k numbers: ≥ 0 where g(u) ≥ t = −c/k (k > 0), that is
 * u ≤ cos t for acos (decreasing on [−1, 1] onto [0, π]) and u ≥ sin t for asin (increasing onto
 * [−π/2, π/2]); ≤ 0 the other way round. Weak: t may be attained.
 */
function inverseTrigSign(base: Expr, domain: Domain): Signed {
  const varying = termsOf(base).filter((t) => [...domain.variables.keys()].some((p) => dependsOn(t, p)));
  if (varying.length !== 1) return undefined;
  const [k, g] = splitCoeff(varying[0]!);
  if (g.kind !== 'fn' || (g.name !== 'acos' && g.name !== 'asin')) return undefined;
  const c = sub(base, varying[0]!);
  if ([...freeSymbols(c)].some((x) => x !== 'pi')) return undefined;
  const t = mul(neg(c), num(Q.div(Q.ONE, k)));
  const tv = evaluate(t, {});
  const [lo, hi] = g.name === 'acos' ? [0, Math.PI] : [-Math.PI / 2, Math.PI / 2];
  if (!(tv >= lo && tv <= hi)) return undefined;
  const u = g.args[0]!;
  // u − g⁻¹(t) ≥ 0 means g(u) ≥ t for asin, ≤ t for acos.
  const excess = g.name === 'acos' ? sub(fn('cos', t), u) : sub(u, fn('sin', t));
  const sign = Q.isNegative(k) ? -1 : 1;
  if (nonnegativeOnBox(excess, domain)) return { sign, strict: false };
  if (nonnegativeOnBox(neg(excess), domain)) return { sign: sign > 0 ? -1 : 1, strict: false };
  return undefined;
}

/** [c, P(p)] with u = c·P(p), from u's Taylor coefficients in p; undefined where they are not multiples of one (or p's range is unbounded). */
function separated(u: Expr, p: string, domain: Domain): [Expr, Expr] | undefined {
  const { lo, hi } = domain.variables.get(p)!.bounds;
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return undefined;
  const coeffs: Expr[] = [];
  let d = u;
  for (let k = 0; d !== ZERO; k++) {
    if (k > MAX_DEGREE) return undefined;
    coeffs.push(tidy(mul(pow(num(factorial(k)), num(-1)), subs(d, new Map([[p, ZERO]])))));
    d = tidy(diff(d, p));
  }
  const lead = coeffs.find((c) => c !== ZERO);
  // A numeric c leaves P a multiple of u.
  if (!lead || lead.kind === 'num') return undefined;
  const ratios = coeffs.map((c) => tidy(mul(c, pow(lead, num(-1)))));
  if (!ratios.every((r) => r.kind === 'num')) return undefined;
  return [lead, add(...ratios.map((r, k) => mul(r, pow(sym(p), num(k)))))];
}

const tidy = (e: Expr): Expr => simplify(cancel(simplify(e)));
const factorial = (k: number): number => (k <= 1 ? 1 : k * factorial(k - 1));

/** f ≥ 0 on the closed box of the domain's bounds, by branch and bound. */
function nonnegativeOnBox(f: Expr, domain: Domain): boolean {
  const start = new Map<string, Interval>();
  for (const [name, v] of domain.variables) if (dependsOn(f, name)) start.set(name, v.bounds);
  const names = [...start.keys()];
  const stack: { box: Map<string, Interval>; depth: number }[] = [{ box: start, depth: 0 }];
  let budget = BUDGET;
  while (stack.length) {
    const { box, depth } = stack.pop()!;
    if (--budget < 0) return false;
    const range = enclose(f, box);
    if (range.lo >= 0) continue;
    if (range.hi < 0) return false;
    const parts = splitBox(box, names, depth, halves);
    if (!parts) return false;
    for (const half of parts) stack.push({ box: half, depth: depth + 1 });
  }
  return true;
}

/** Halves of a bounded interval, or undefined (unbounded or too narrow): a whole line is not searched. */
function halves({ lo, hi }: Interval): [Interval, Interval] | undefined {
  if (!Number.isFinite(lo) || !Number.isFinite(hi) || hi - lo <= MIN_WIDTH * Math.max(1, Math.abs(lo), Math.abs(hi))) return undefined;
  const m = (lo + hi) / 2;
  return [
    { lo, hi: m },
    { lo: m, hi },
  ];
}
