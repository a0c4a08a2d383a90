// Smirnov's non-ideal retaining constraints (smirnov1981 §1) from a model:
// every holonomic constraint with `friction` is a pair of opposite support
// points with vanishing clearance. Its signed reaction along ∇φᵢ is sᵢNᵢ
// (Nᵢ ≥ 0 on the side sᵢ = ±1 that bears), and the friction of that side,
// Φᵢ = −fᵢ^{sᵢ} Nᵢ sgn ṡᵢ along ∇sᵢ^{sᵢ} (the bearing point's slip), is the
// generalized force (1.3):
//   Q_fr = −Σᵢ fᵢ^{sᵢ} Nᵢ sgn(ṡᵢ) ∂sᵢ^{sᵢ}/∂q.
// With M q̈ = F + Σᵢ (sᵢ∇φᵢ − sgn(ṡᵢ) fᵢ^{sᵢ} ∇sᵢ^{sᵢ}) Nᵢ and the constraints
// held at acceleration level, A q̈ + bias = 0, the reactions of a full
// variant s solve the linear system (1.1)
//   Σᵢ aᵢⱼˢ Nᵢ = bⱼ,  aᵢ^{s} = A M⁻¹ (s∇φᵢ − sgn(ṡᵢ) fᵢ^{s} ∇sᵢ^{s}),  b = −bias − A M⁻¹F,
// Smirnov's equilibrium of applied and inertial forces written for the
// reactions (each row divided by the inertia of its direction, which leaves
// the reactions and the determinant's sign as they are).
// sgn ṡᵢ is a symbol of its own (slipSignSymbol): the equations hold for a
// given direction of sliding, as the paper's closed forms do.
import { add, mul, neg, num, pow, ZERO, type Expr, type Sym } from '../../core/expr.js';
import { diff } from '../../core/diff.js';
import { simplify } from '../../core/trig.js';
import { MechanicsError } from '../../errors.js';
import type { Model } from '../../model/model.js';
import { slipSignSymbol } from '../../model/names.js';
import type { Lagrange2 } from '../lagrange/lagrange2.js';
import type { RetainingConstraints } from '../lagrange/lagrange1.js';
import { matVec, solveSmall, type Matrix } from '../matrix.js';
import { solveSymbolic, type ReactionSystem } from './support-reactions.js';
import { fullVariants, variantCounts, type FullVariant } from './support-variants.js';

/** One support pair: its constraint, the gradient of each side's slip, and the sign symbol of its sliding velocity. */
export interface SupportPairData {
  readonly name: string;
  /** Index into the retaining constraints (holonomic order). */
  readonly constraint: number;
  readonly slipRows: { readonly positive: readonly Expr[]; readonly negative: readonly Expr[] };
  /** sgn ṡᵢ. */
  readonly slipSign: Sym;
  readonly friction: { readonly positive: Sym; readonly negative: Sym };
}

/** A full variant in closed form: the determinant of (1.1), the reactions Nᵢˢ and the friction bound Φˢ = Σᵢ fᵢ^{sᵢ} Nᵢˢ (2.2). */
export interface SupportVariant {
  readonly variant: FullVariant;
  readonly det: Expr;
  readonly reactions: readonly Expr[];
  readonly friction: Expr;
}

export interface SupportDerivation {
  readonly pairs: readonly SupportPairData[];
  /** (1.1) for every variant: the columns aᵢ± and the right side b. */
  readonly system: ReactionSystem;
  /** The friction generalized force (1.3) per unit reaction of each pair and side: −sgn(ṡᵢ) fᵢ^{s} ∂sᵢ^{s}/∂q. */
  readonly forces: readonly { readonly positive: readonly Expr[]; readonly negative: readonly Expr[] }[];
  /** 3^k variants of support, 2^k full ones. */
  readonly counts: { readonly all: number; readonly full: number };
  /** The full variants in closed form, where the system is small enough (k ≤ CLOSED_FORM_PAIRS). */
  readonly variants?: readonly SupportVariant[];
}

/** Closed forms of all 2^k full variants are derived up to this many pairs (the planar prism has 2, the spatial one 5). */
const CLOSED_FORM_PAIRS = 3;

export function deriveSupports(model: Model, l2: Lagrange2, constraints: RetainingConstraints | undefined): SupportDerivation | undefined {
  const frictional = model.holonomic.filter((h) => h.friction);
  if (frictional.length === 0 || !constraints) return undefined;
  const ideal = constraints.names.filter((name) => !frictional.some((h) => h.name === name));
  if (ideal.length > 0) {
    throw new MechanicsError(
      'bad-slip',
      'model',
      `constraints ${ideal.join(', ')} are ideal while others are non-ideal (friction): Smirnov's reaction system needs every retaining constraint as a support pair; give them slip and friction (coefficients may be parameters with default 0)`,
      { model: model.name, field: 'holonomic' },
    );
  }
  const cs = model.coordinates;
  const gradient = (e: Expr): Expr[] => cs.map((c) => simplify(diff(e, c.q.name)));
  const pairs: SupportPairData[] = frictional.map((h, i) => ({
    name: h.name,
    constraint: constraints.names.indexOf(h.name),
    slipRows: { positive: gradient(h.friction!.slip.positive), negative: gradient(h.friction!.slip.negative) },
    slipSign: slipSignSymbol(i + 1),
    friction: { positive: h.friction!.positive, negative: h.friction!.negative },
  }));
  const AMinv = inverseTimes(l2.massMatrix, constraints.A, model.name);
  const rhs = constraints.A.map((_, j) => simplify(neg(add(constraints.bias[j]!, ...AMinv[j]!.map((a, c) => mul(a, l2.forcing[c]!))))));
  const forces = pairs.map((p) => ({
    positive: p.slipRows.positive.map((g) => simplify(neg(mul(p.slipSign, p.friction.positive, g)))),
    negative: p.slipRows.negative.map((g) => simplify(neg(mul(p.slipSign, p.friction.negative, g)))),
  }));
  const column = (i: number, side: 1 | -1): Expr[] => {
    const normal = constraints.A[pairs[i]!.constraint]!;
    const friction = side === 1 ? forces[i]!.positive : forces[i]!.negative;
    const direction = normal.map((a, c) => add(mul(num(side), a), friction[c]!));
    return matVec(AMinv, direction).map(simplify);
  };
  const system: ReactionSystem = {
    pairs: pairs.map((p, i) => ({
      positive: column(i, 1),
      negative: column(i, -1),
      friction: { positive: p.friction.positive.name, negative: p.friction.negative.name },
    })),
    rhs,
  };
  const { all, full } = variantCounts(pairs.length);
  const variants =
    pairs.length <= CLOSED_FORM_PAIRS
      ? [...fullVariants(pairs.length)].flatMap((v): SupportVariant[] => {
          const solved = solveSymbolic(system, v);
          if (solved.kind !== 'solved') return [];
          const friction = simplify(add(...solved.reactions.map((N, i) => mul(v[i] === 1 ? pairs[i]!.friction.positive : pairs[i]!.friction.negative, N))));
          return [{ variant: v, det: solved.det, reactions: solved.reactions, friction }];
        })
      : undefined;
  return { pairs, system, forces, counts: { all, full }, ...(variants ? { variants } : {}) };
}

/**
 * A M⁻¹ (k×n): by the diagonal when M is diagonal (the Cartesian and
 * small-rotation models of supports), else by solving M X = Aᵀ in closed form.
 */
function inverseTimes(M: Matrix, A: Matrix, model: string): Expr[][] {
  const n = M.length;
  const diagonal = M.every((row, i) => row.every((v, j) => i === j || v === ZERO));
  if (diagonal) return A.map((row) => row.map((a, c) => simplify(mul(a, pow(M[c]![c]!, -1)))));
  const columns = A.map((row) => solveSmall(M, row));
  if (columns.some((x) => !x))
    throw new MechanicsError('singular-mass-matrix', 'model', 'the mass matrix is singular: the support reactions are not determined', {
      model,
      field: 'kinetic',
    });
  return columns.map((x) => x!.x.slice(0, n));
}
