// Admissibility of an impact mode, decided symbolically for each sign of the
// independent pre-impact velocity v under the parameter assumptions
// (assumptions.ts). A mode is admissible iff each of its conditions c ≥ 0
// holds (Rubanovich–Formalsky (1.17): engaged normal impulses ≥ 0, leaving
// contacts separate). With one independent velocity every condition is
// c = v·k(parameters), so for sign s of v it reads s·k ≥ 0. Each factor of
// s·k whose sign is proved (sign.ts: exact rules, or interval arithmetic
// with branch and bound) is dropped, flipping the sense for a negative one:
//  - every factor decided, product positive: the condition always holds;
//  - product negative: it never holds, and neither does the mode;
//  - otherwise the condition is what remains, ±Π(undecided factors) ≥ 0.
// For the compass (ψ̇⁻ < 0, α ∈ (0, π/2)) mode 1's conditions
// −4lmψ̇⁻ sin α/(1 + 3 sin²α) ≥ 0 and 2lψ̇⁻ sin α (3 sin²α − 1)/(1 + 3 sin²α) ≥ 0
// become "always" and 1 − 3 sin²α ≥ 0.
import * as Q from '../../core/rational.js';
import { dependsOn, div, mul, neg, num, pow, ZERO, type Expr, type Factor, type Sym } from '../../core/expr.js';
import { simplify } from '../../core/trig.js';
import { together } from '../../core/together.js';
import { factorize, signOn, type Domain, type Sign } from '../proofs/sign.js';
import type { ImpactCondition, ModeAdmissibility, Verdict } from './unilateral-types.js';

/** The verdicts for v < 0 and v > 0, or undefined when some condition is not v times a v-free factor. */
export function modeAdmissibility(conditions: readonly ImpactCondition[], v: Sym, domain: Domain): ModeAdmissibility | undefined {
  const reduced = conditions.map((c) => together(simplify(div(c.expr, v))));
  if (reduced.some((k) => dependsOn(k, v.name) || k === ZERO)) return undefined;
  return {
    velocity: v.name,
    negative: verdict(
      reduced.map((k) => neg(k)),
      domain,
    ),
    positive: verdict(reduced, domain),
  };
}

/** All of `conditions` ≥ 0. */
function verdict(conditions: readonly Expr[], domain: Domain): Verdict {
  const remaining: Expr[] = [];
  for (const c of conditions) {
    const r = reduceCondition(c, domain);
    if (r === 'never') return 'never';
    if (r !== 'always') remaining.push(r);
  }
  return remaining.length ? { conditions: remaining } : 'always';
}

/** k ≥ 0 with its factors of proved sign dropped. */
export function reduceCondition(k: Expr, domain: Domain): 'always' | 'never' | Expr {
  const { coeff, factors } = factorize(k);
  if (Q.isZero(coeff)) return 'always';
  let sign = Q.isNegative(coeff) ? -1 : 1;
  const undecided: Expr[] = [];
  for (const f of factors) {
    const s = factorSign(f, domain);
    if (s === 'negative') sign = -sign;
    else if (s === 'unknown') undecided.push(pow(f.base, f.exp));
  }
  if (undecided.length === 0) return sign > 0 ? 'always' : 'never';
  return mul(num(sign), ...undecided);
}

/** The sign of base^exp from the sign of the base. */
function factorSign(f: Factor, domain: Domain): Sign {
  const base = signOn(f.base, domain);
  if (base === 'unknown' || base === 'positive') return base;
  // A negative base: only integer powers are real; even ones are positive.
  if (f.exp.kind !== 'num' || f.exp.value.d !== 1) return 'unknown';
  return f.exp.value.n % 2 === 0 ? 'positive' : 'negative';
}
