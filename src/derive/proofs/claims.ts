// A paper's inequality greater > smaller (or greater ≥ smaller) proved on a
// domain (positivity.ts, sign.ts, nonnegative.ts): reduced to one expression
// that must be positive (non-negative), then each of its factors proved
// positive (non-negative, or a square), or the claim is left unproved.
//  - Both sides of a strict claim proved positive: their logarithms are
//    compared instead, each split over products and powers (ln(r^k) = k ln r)
//    where every argument is proved positive. rubanovich1981 (2.9)'s
//    ν = r^k < 1 becomes −(π/α)(ln(I* + cos 2α) − ln(1 + I*)) > 0, which
//    interval arithmetic proves near α = 0 although ν → 1 there.
//  - A rate in s, s = S(p) of one parameter: the claim is about
//    d(greater − smaller)/ds = (d/dp)/(dS/dp); of the logarithm when the
//    difference is positive (the same sign). Where that is not proved, the
//    logarithm is taken whole and bounded below, ln u ≥ 1 − 1/u
//    (log-bounds.ts): rubanovich1981 (2.9)'s d ln ν/dk near k = 4, I* = 0,
//    where ln r → −∞ and its rate's other term → +∞.
//  - A quadratic form in two pre-impact velocities: positive for every
//    velocity but 0 by Sylvester's criterion on its Hessian, the leading
//    minors h₁₁ > 0, h₁₁h₂₂ − h₁₂² > 0 (rubanovich1981 (3.14): ΔT > 0
//    because G > 0); non-negative for every velocity when every principal
//    minor is ≥ 0, h₁₁, h₂₂, h₁₁h₂₂ − h₁₂² (the leading ones alone are not
//    enough: diag(0, −1)).
//  - Otherwise, at an impact, w·q or w²·q with q free of the velocities and
//    w = ḟ⁻ < 0 the arriving contact's rate: the sign of q decides
//    (kugushev2002 §9: Δμ = −(1 + e)w/k ≥ 0).
// Tests: test/derive/proofs/claims.test.ts.
import { add, dependsOn, fn, HALF, mul, neg, num, pow, sub, sym, ZERO, type Expr } from '../../core/expr.js';
import * as Q from '../../core/rational.js';
import { cancel } from '../../core/cancel.js';
import { diff } from '../../core/diff.js';
import { together } from '../../core/together.js';
import { simplify } from '../../core/trig.js';
import { reduceCondition } from '../unilateral/admissibility.js';
import { logMinorant } from './log-bounds.js';
import { proveNonnegative } from './nonnegative.js';
import { signOn, type Domain } from './sign.js';

export interface ClaimProof {
  /** What has to be positive (non-negative for a non-strict claim): the principal minors for a quadratic form; as proved or left undecided. */
  readonly positive: readonly Expr[];
  /** Whether `positive` must be > 0, or ≥ 0. */
  readonly strict: boolean;
  /** Denominators ≥ 0 a non-strict proof needs non-zero: it holds where they are, where the claim's sides are defined (nonnegative.ts). */
  readonly nonzero: readonly Expr[];
  readonly holds: boolean;
  /** The sides compared as they are, by their logarithms (a rate's logarithm whole and bounded below, log-bounds.ts), as a quadratic form in the velocities, or along the arriving contact's rate. */
  readonly via: 'difference' | 'logarithms' | 'logarithm bound' | 'quadratic form' | 'arrival';
}

/** The rate of a claim: d/ds with s = S(p). */
export interface ClaimRate {
  readonly parameter: string;
  readonly of: Expr;
}

export interface ClaimOptions {
  readonly rate?: ClaimRate;
  /** Symbols the claim must hold for every non-zero value of (impact facts are homogeneous in the pre-impact velocities). */
  readonly velocities?: readonly string[];
  /** false: greater ≥ smaller. */
  readonly strict?: boolean;
  /** The arriving contact's rate ḟ⁻ before the impact, negative at every impact. */
  readonly arriving?: Expr;
}

/** greater > smaller (greater ≥ smaller when not strict) on the domain. */
export function proveClaim(greater: Expr, smaller: Expr, domain: Domain, options: ClaimOptions = {}): ClaimProof {
  const { rate, velocities = [], strict = true, arriving } = options;
  // reduceCondition decides ≥ 0: 'always' for 0 itself, which is not > 0.
  const above = (e: Expr): boolean => e !== ZERO && reduceCondition(e, domain) === 'always';
  const positive = (e: Expr): boolean => signOn(e, domain) === 'positive' || above(together(e));
  // A non-strict claim's sides may vanish: no logarithms.
  const positiveSide = (e: Expr): boolean => strict && positive(e);
  let via: ClaimProof['via'] = 'difference';
  let target: Expr;
  if (rate) {
    const difference = sub(greater, smaller);
    const logs = positiveSide(difference) ? logarithm(difference, positive) : undefined;
    if (logs) via = 'logarithms';
    target = mul(diff(logs ?? difference, rate.parameter), pow(diff(rate.of, rate.parameter), num(-1)));
  } else {
    const logs = smaller !== ZERO && positiveSide(greater) && positiveSide(smaller) ? [logarithm(greater, positive), logarithm(smaller, positive)] : [];
    if (logs[0] && logs[1]) {
      via = 'logarithms';
      target = sub(logs[0], logs[1]);
    } else target = sub(greater, smaller);
  }
  const shown = tidy(target);
  const proof = (targets: Expr[], how: ClaimProof['via']): ClaimProof => {
    if (strict) return { positive: targets, strict, nonzero: [], holds: targets.every(above), via: how };
    const proofs = targets.map((e) => proveNonnegative(e, domain));
    const holds = proofs.every((p) => p.holds);
    const nonzero = holds ? [...new Set(proofs.flatMap((p) => p.nonzero))] : [];
    return { positive: targets, strict, nonzero, holds, via: how };
  };
  const named = velocities.filter((v) => dependsOn(shown, v));
  if (named.length === 0) {
    const direct = proof([shown], via);
    if (direct.holds || !strict || !rate || via !== 'logarithms') return direct;
    // d ln(difference)/ds with the logarithm whole, bounded below by 1 − 1/u ≤ ln u (log-bounds.ts).
    const whole = tidy(mul(diff(fn('log', sub(greater, smaller)), rate.parameter), pow(diff(rate.of, rate.parameter), num(-1))));
    const lower = logMinorant(whole, domain);
    const bounded = lower && proof([tidy(lower)], 'logarithm bound');
    return bounded?.holds ? bounded : direct;
  }
  const form = named.length === 2 ? hessian(shown, named as [string, string]) : undefined;
  const minors = form && (strict ? [form[0], form[3]] : form.filter((_, i) => i !== 1));
  const quadratic = minors && proof(minors, 'quadratic form');
  if (quadratic?.holds) return quadratic;
  const along = arriving && alongArrival(shown, arriving, named);
  if (along) return proof([along], 'arrival');
  return quadratic ?? { positive: [shown], strict, nonzero: [], holds: false, via };
}

const tidy = (e: Expr): Expr => together(simplify(cancel(simplify(e))));

/** h₁₁, h₁₂, h₂₂ and h₁₁h₂₂ − h₁₂² of Q = ½ vᵀHv, or undefined where Q is not a quadratic form in v (Euler: Q − ½ vᵀHv = 0). */
function hessian(Q: Expr, [a, b]: [string, string]): [Expr, Expr, Expr, Expr] | undefined {
  const h = (x: string, y: string): Expr => tidy(diff(diff(Q, x), y));
  const [haa, hab, hbb] = [h(a, a), h(a, b), h(b, b)];
  if ([haa, hab, hbb].some((e) => dependsOn(e, a) || dependsOn(e, b))) return undefined;
  const [va, vb] = [sym(a), sym(b)];
  const form = mul(HALF, add(mul(haa, va, va), mul(num(2), hab, va, vb), mul(hbb, vb, vb)));
  if (tidy(sub(Q, form)) !== ZERO) return undefined;
  return [haa, hab, hbb, tidy(sub(mul(haa, hbb), mul(hab, hab)))];
}

/** q with e = w·q (then −q, as w < 0) or e = w²·q, q free of the velocities; undefined where e is neither. */
function alongArrival(e: Expr, w: Expr, velocities: readonly string[]): Expr | undefined {
  for (const k of [1, 2]) {
    const q = tidy(mul(e, pow(w, num(-k))));
    if (velocities.every((v) => !dependsOn(q, v))) return k === 1 ? tidy(neg(q)) : q;
  }
  return undefined;
}

/** ln e split over its product and powers, every argument proved positive; undefined where one is not. */
function logarithm(e: Expr, positive: (e: Expr) => boolean): Expr | undefined {
  const c = cancel(e);
  const parts: Expr[] = [];
  const split = (u: Expr, k: Expr): boolean => {
    if (u.kind === 'num') {
      const ok = !Q.isNegative(u.value) && !Q.isZero(u.value);
      if (ok && !Q.isOne(u.value)) parts.push(mul(k, fn('log', u)));
      return ok;
    }
    if (u.kind === 'pow') return split(u.base, mul(k, u.exp));
    if (u.kind === 'mul') return split(num(u.coeff), k) && u.factors.every((f) => split(f.base, mul(k, f.exp)));
    if (u.kind === 'fn' && u.name === 'exp') {
      parts.push(mul(k, u.args[0]!));
      return true;
    }
    // A sum of quotients (I*/(1 + I*) + cos 2α/(1 + I*)) is split over its common denominator.
    const over = u.kind === 'add' ? together(u) : u;
    if (over !== u && over.kind !== 'add') return split(over, k);
    parts.push(mul(k, fn('log', u)));
    return positive(u);
  };
  return split(c, num(1)) ? add(...parts) : undefined;
}
