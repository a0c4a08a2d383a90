// Hamilton's canonical equations by the Legendre transform,
//   H(q, p, t) = p·q̇ − L,  q̇ = ∂H/∂p,  ṗ = −∂H/∂q + Q
// (Kugushev–Sorokina (11.3), (11.6); the impulse terms of the measure form
// are added in unilateral.ts). With L = ½q̇ᵀMq̇ + bᵀq̇ + L₀:
//   H = ½(p − b)ᵀ M⁻¹ (p − b) − L₀.
// Explicit formulas are derived for small systems (n ≤ EXPLICIT_LIMIT);
// larger ones keep M⁻¹ as a matrix (printed as such) and generated code
// solves M q̇ = p − b numerically, using ∂H/∂q|_p = −∂L/∂q|_q̇.
// A model whose M is singular alone (pinned by its contacts, checks.ts) has
// no H: the Legendre transform is not invertible, and its explicit form is
// skipped with the reason.
import { add, div, mul, neg, num, pow, ZERO, type Expr, type Sym } from '../../core/expr.js';
import { diff } from '../../core/diff.js';
import { subs } from '../../core/subs.js';
import { simplify } from '../../core/trig.js';
import type { Model } from '../../model/model.js';
import { momentumSymbol } from '../../model/names.js';
import type { DerivationChecks } from '../checks.js';
import type { Lagrange2 } from './lagrange2.js';
import { adjugate, det } from '../matrix.js';

export const EXPLICIT_LIMIT = 3;

export interface Hamilton {
  /** Momentum symbols p_i. */
  readonly p: readonly Sym[];
  /** Explicit H and canonical equations, for n ≤ EXPLICIT_LIMIT. */
  readonly explicit?: {
    readonly H: Expr;
    readonly detM: Expr;
    readonly qdot: readonly Expr[];
    readonly pdot: readonly Expr[];
  };
  /** Why a small system (n ≤ EXPLICIT_LIMIT) has no explicit form. */
  readonly skipped?: string;
  /** H of a larger system whose M is diagonal, Σᵢ (pᵢ − bᵢ)²/(2Mᵢᵢ) − L₀: M⁻¹ read off its diagonal. */
  readonly diagonal?: Expr;
}

/**
 * H of `l2`'s L with the non-potential forces Q (the model's, or with a
 * realization's Rayleigh forces: compliant/realized-lagrangian.ts).
 */
export function deriveHamilton(
  model: Model,
  l2: Pick<Lagrange2, 'massMatrix' | 'b' | 'L0'>,
  massMatrix: DerivationChecks['massMatrix'] = 'positive-definite',
  Q: readonly Expr[] = model.Q,
): Hamilton {
  const cs = model.coordinates;
  const p = cs.map((c) => momentumSymbol(c.q));
  const { b, L0 } = l2;
  if (cs.length > EXPLICIT_LIMIT) {
    const M = l2.massMatrix;
    const diagonal = massMatrix !== 'pinned-by-contacts' && M.every((row, i) => row.every((v, j) => i === j || v === ZERO));
    if (!diagonal) return { p };
    return { p, diagonal: add(...p.map((pi, i) => div(pow(add(pi, neg(b[i]!)), num(2)), mul(num(2), M[i]![i]!))), neg(L0)) };
  }
  if (massMatrix === 'pinned-by-contacts') {
    return {
      p,
      skipped: 'M is singular alone (regular only with the contacts held), so q̇ cannot be solved from p = Mq̇ + b: H = ½(p − b)ᵀM⁻¹(p − b) − L₀ does not exist',
    };
  }
  const detM = simplify(det(l2.massMatrix));
  const adj = adjugate(l2.massMatrix);
  const w = p.map((pi, i) => add(pi, neg(b[i]!)));
  const quad: Expr[] = [];
  for (let i = 0; i < cs.length; i++) for (let j = 0; j < cs.length; j++) quad.push(mul(w[i]!, adj[i]![j]!, w[j]!));
  const H = add(div(simplify(add(...quad)), mul(num(2), detM)), neg(L0));
  const qdot = p.map((pi) => simplify(diff(H, pi.name)));
  const pdot = cs.map((c, i) => simplify(add(neg(diff(H, c.q.name)), subs(Q[i]!, velocitiesFromMomenta(cs, qdot)))));
  return { p, explicit: { H, detM, qdot, pdot } };
}

/** Q(q, q̇, t) in canonical variables: replace q̇ by ∂H/∂p. */
function velocitiesFromMomenta(cs: Model['coordinates'], qdot: readonly Expr[]): Map<string, Expr> {
  return new Map(cs.map((c, i) => [c.qd.name, qdot[i]!]));
}
