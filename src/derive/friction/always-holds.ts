// Conditions that hold in every state: a side of a sticking cone that
// reads ½ m g μ (1 − sgn ṡ_B) ≥ 0 (one end of a lying rod sticking while
// the other slides) asks nothing of the motion, and printing it as a
// condition would suggest it could fail. It holds for every sign
// sgn ṡ = ±1 it contains when, with each sign put in, it is 0 or proved
// > 0 inside the parameters' ranges (proofs/sign.ts), hence ≥ 0 on their
// closure (μ = 0 included) by continuity.
// Tests: test/derive/friction/phases.test.ts (the lying rod).
import { freeSymbols, num, ZERO, type Expr } from '../../core/expr.js';
import { subs } from '../../core/subs.js';
import { simplify } from '../../core/trig.js';
import { slipSignSymbol } from '../../model/names.js';
import type { Model } from '../../model/model.js';
import type { FrictionPhase } from '../unilateral/unilateral-types.js';
import { assumptionDomain, parameterAssumptions } from '../proofs/assumptions.js';
import { signOn } from '../proofs/sign.js';

/** Whether e ≥ 0 for every slip sign ±1 in it and every parameter value in its range. */
export function holdsAlways(model: Model, e: Expr): boolean {
  const present = freeSymbols(e);
  const signs = model.unilateral.map((c) => slipSignSymbol(c.name).name).filter((s) => present.has(s));
  // Only a side free of the state is decided: one that depends on it (a pivoting end's) is a condition on the motion,
  // and proving it positive over unbounded coordinates would only take long to fail.
  const parameters = new Set([...model.parameters.map((p) => p.name), ...signs, 'pi']);
  if ([...present].some((s) => !parameters.has(s))) return false;
  const domain = assumptionDomain(parameterAssumptions(model));
  return Array.from({ length: 1 << signs.length }, (_, mask) => {
    const each = new Map(signs.map((s, k): [string, Expr] => [s, num(mask & (1 << k) ? -1 : 1)]));
    const v = simplify(subs(e, each));
    return v === ZERO || signOn(v, domain) === 'positive';
  }).every(Boolean);
}

/** The phase with its cone's sides that hold in every state moved from `conditions` to `alwaysHolds`. */
export function setApartAlways(model: Model, f: FrictionPhase): FrictionPhase {
  const always = f.conditions.filter((c) => holdsAlways(model, c.expr));
  if (always.length === 0) return f;
  return { ...f, conditions: f.conditions.filter((c) => !always.includes(c)), alwaysHolds: always };
}
