// Smirnov's non-ideal retaining constraints (smirnov1981 §1) from a model:
// every holonomic constraint with `friction` is a pair of opposite support
// points with vanishing clearance. Its signed reaction along ∇φᵢ is sᵢNᵢ
// (Nᵢ ≥ 0 on the side sᵢ = ±1 that bears), and the friction of that side,
// Φᵢ = −fᵢ^{sᵢ} Nᵢ sgn ṡᵢ along ∇sᵢ^{sᵢ} (the bearing point's slip), is the
// generalized force (1.3):
//   Q_fr = −Σᵢ fᵢ^{sᵢ} Nᵢ sgn(ṡᵢ) ∂sᵢ^{sᵢ}/∂q.
// With M q̈ = F + Σᵢ dᵢ Nᵢ, dᵢ = sᵢ∇φᵢ − sgn(ṡᵢ) fᵢ^{sᵢ} ∇sᵢ^{sᵢ}, and the
// constraints held at acceleration level, A q̈ + bias = 0, the reactions of a
// full variant s solve the linear system (1.1) Σᵢ aᵢⱼˢ Nᵢ = bⱼ in one of two
// forms:
//  - balance (Smirnov's own, the prism's (2.1)): where the constraints fix
//    the coordinates D they name (A = [T | 0], T square and regular) and M
//    couples D to no other coordinate, the rows are the balance of applied,
//    inertial and reaction forces along D,
//      aᵢ = (dᵢ)_D,  b = −F_D − M_DD T⁻¹ bias;
//  - accelerations, otherwise: aᵢ = A M⁻¹ dᵢ, b = −bias − A M⁻¹F.
// Both have the same reactions, and determinants in a ratio free of
// friction, so Smirnov's sign test as friction → 0 reads either.
// sgn ṡᵢ is a symbol of its own (slipSignSymbol) unless the constraints
// decide it: with the velocities of D held at 0, a slip rate that is a
// constant multiple of one free velocity has that velocity's sign (the
// prism's every point slides at ẋ: the paper's sgn ẋ). The equations hold
// for a given direction of sliding, as the paper's closed forms do.
import { add, fn, mul, neg, num, pow, splitCoeff, ZERO, type Expr, type Sym } from '../../core/expr.js';
import { collectFactors } from '../../core/factor.js';
import { subs } from '../../core/subs.js';
import { diff } from '../../core/diff.js';
import { simplify } from '../../core/trig.js';
import { evaluate, type Env } from '../../core/evaluate.js';
import { MechanicsError } from '../../errors.js';
import type { Model } from '../../model/model.js';
import { faceCoefficientSymbol, slipSignSymbol } from '../../model/names.js';
import type { Lagrange2 } from '../lagrange/lagrange2.js';
import type { RetainingConstraints } from '../lagrange/lagrange1.js';
import { adjugate, det, matVec, solveSmall, type Matrix } from '../matrix.js';
import { signSquaresOne } from './sliding-sign.js';
import { contentFactored } from '../../core/content-factors.js';
import { toText } from '../../core/print.js';
import { variantMatrix, type ReactionSystem } from './support-reactions.js';
import { sidedColumns } from './support-columns.js';
import { partialVariant, type PartialVariant } from './support-partial.js';
import { fullVariants, supports, variantCounts, variants as allVariants, type FullVariant } from './support-variants.js';

/** One support pair: its constraint, the gradient of each side's slip, and the sign symbol of its sliding velocity. */
export interface SupportPairData {
  readonly name: string;
  /** Index into the retaining constraints (holonomic order). */
  readonly constraint: number;
  readonly slipRows: { readonly positive: readonly Expr[]; readonly negative: readonly Expr[] };
  /** Each side's slip acceleration bias, s̈ = ∇s q̈ + bias: Σ ∂²s/∂q_c∂q_d q̇_c q̇_d (what holds a slip at rest). */
  readonly slipBias: { readonly positive: Expr; readonly negative: Expr };
  /** sgn ṡᵢ. */
  readonly slipSign: Sym;
  readonly friction: { readonly positive: Sym; readonly negative: Sym };
}

/**
 * A full variant in closed form: the determinant Δˢ of (1.1) in the signed
 * reactions sᵢNᵢ (as (2.1) and the paper's Δᵢⱼ are written: the determinant
 * of the columns over Πᵢ sᵢ), factored; the reactions Nᵢˢ = numeratorᵢ/Δˢ;
 * and the friction bound Φˢ = Σᵢ fᵢ^{sᵢ} Nᵢˢ (2.2).
 */
export interface SupportVariant {
  readonly variant: FullVariant;
  readonly det: Expr;
  /** Δˢ as every friction coefficient tends to 0: the variant is self-locking where Δˢ vanishes or has not this sign (smirnov1981 §1). */
  readonly frictionless: Expr;
  /**
   * Δˢ₀ − Δˢ, the friction's part of the determinant with its sign turned: Δˢ ≤ 0 ⇔ Δˢ₀ ≤ this, the variant's
   * self-locking condition where Δˢ₀ > 0 (the planar prism's a₂ − a₁ ≤ w(f_{j2} − f_{i1}) sgn ẋ, smirnov1981 §2, §3).
   */
  readonly lockingBound: Expr;
  readonly reactions: readonly Expr[];
  readonly friction: Expr;
}

export interface SupportDerivation {
  readonly pairs: readonly SupportPairData[];
  /** Which form (1.1) takes: the balance of forces along the fixed coordinates, or the constraints' accelerations. */
  readonly form: { readonly kind: 'balance'; readonly coordinates: readonly string[] } | { readonly kind: 'accelerations' };
  /** (1.1) for every variant: the columns aᵢ± and the right side b. */
  readonly system: ReactionSystem;
  /** Each pair's columns aᵢ± as one, in its bearing side εᵢ and κᵢ^{εᵢ} (support-columns.ts), where that form gives both back. */
  readonly sided?: readonly (readonly Expr[])[];
  /** The friction generalized force (1.3) per unit reaction of each pair and side: −sgn(ṡᵢ) fᵢ^{s} ∂sᵢ^{s}/∂q. */
  readonly forces: readonly { readonly positive: readonly Expr[]; readonly negative: readonly Expr[] }[];
  /** sgn ṡᵢ of each pair and side where the constraints decide it (± the sign of one free velocity), else the pair's sign symbol. */
  readonly slipSigns: readonly { readonly positive: Expr; readonly negative: Expr }[];
  /** The variants of support counted by enumeration: 3^k in all, 2^k full, C(k, n)·2ⁿ on exactly n pairs (bySupports[n]). */
  readonly counts: { readonly all: number; readonly full: number; readonly bySupports: readonly number[] };
  /** n − k: the degrees of freedom the pairs leave (the prism's one, along its guides). */
  readonly freedom: number;
  /** dᵢ of each pair and side, the generalized force per unit reaction (the columns before (1.1)'s projection). */
  readonly directions: readonly { readonly positive: readonly Expr[]; readonly negative: readonly Expr[] }[];
  /** The full variants in closed form, where the system is small enough (k ≤ CLOSED_FORM_PAIRS). */
  readonly variants?: readonly SupportVariant[];
  /** The variants with free pairs in closed form (support-partial.ts), where k ≤ PARTIAL_PAIRS. */
  readonly partial?: readonly PartialVariant[];
  /**
   * Self-locking at the default parameters and the initial state: the least Δˢ/Δˢ₀ over the full variants,
   * the variant that has it and its Δˢ₀ there; a variant locks where it is ≤ 0 (absent without closed forms, or where a Δˢ₀ is 0 there).
   */
  readonly locking?: { readonly least: number; readonly variant: FullVariant; readonly frictionless: number };
  /**
   * Whether every variant's lockingBound vanishes where all friction coefficients are equal: the friction moments of
   * opposite faces cancel, and a variant locks only with unequal coefficients (smirnov1981 §3: the prism short
   * against its width). Absent without closed forms.
   */
  readonly lockingNeedsUnequal?: boolean;
  /**
   * Every variant's lockingBound in one form: pair s's coefficient of its bearing side written f_{p s}, p the letter
   * smirnov1981 (2.2) gives the face index of pair s (i, j, k, l, m), so that variant (i, j) locks iff Δ₀ ≤ it (the
   * planar prism's w(f_{j2} − f_{i1}) sgn ẋ), with the letters of the pairs in order. Absent where the model's names of
   * a pair's two coefficients are not one name but for a face digit (f11, f21), or where the variants' bounds are not
   * one form.
   */
  readonly lockingForm?: { readonly bound: Expr; readonly faces: readonly string[] };
}

/** Closed forms of all 2^k full variants are derived up to this many pairs (the planar prism has 2, the spatial one 5). */
const CLOSED_FORM_PAIRS = 5;
/** Variants with free pairs are derived up to this many pairs: 3^k − 2^k of them (the planar prism's 5; the spatial one's 211 are not). */
const PARTIAL_PAIRS = 3;

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
  const bias = (row: readonly Expr[]): Expr => simplify(add(...row.map((g, c) => mul(add(...cs.map((d) => mul(diff(g, d.q.name), d.qd))), cs[c]!.qd))));
  const pairs: SupportPairData[] = frictional.map((h, i) => {
    const slipRows = { positive: gradient(h.friction!.slip.positive), negative: gradient(h.friction!.slip.negative) };
    return {
      name: h.name,
      constraint: constraints.names.indexOf(h.name),
      slipRows,
      slipBias: { positive: bias(slipRows.positive), negative: bias(slipRows.negative) },
      slipSign: slipSignSymbol(i + 1),
      friction: { positive: h.friction!.positive, negative: h.friction!.negative },
    };
  });
  const forces = pairs.map((p) => ({
    positive: p.slipRows.positive.map((g) => simplify(neg(mul(p.slipSign, p.friction.positive, g)))),
    negative: p.slipRows.negative.map((g) => simplify(neg(mul(p.slipSign, p.friction.negative, g)))),
  }));
  const fixed = fixedCoordinates(constraints.A);
  const slipSigns = pairs.map((p) => ({
    positive: (fixed && slipSign(p.slipRows.positive, fixed, model)) ?? p.slipSign,
    negative: (fixed && slipSign(p.slipRows.negative, fixed, model)) ?? p.slipSign,
  }));
  const M = l2.massMatrix;
  const balance = fixed?.every((d) => M[d]!.every((v, c) => fixed.includes(c) || v === ZERO)) ? fixed : undefined;
  // Both forms map a force vector (n) to a row vector of (1.1).
  let rows: (force: readonly Expr[]) => Expr[];
  let rhs: Expr[];
  if (balance) {
    const T = constraints.A.map((row) => balance.map((d) => row[d]!));
    const accelerations = solveSmall(T, constraints.bias)!.x; // T q̈_D = −bias: q̈_D = −T⁻¹bias
    rows = (force) => balance.map((d) => force[d]!);
    rhs = balance.map((d) => simplify(neg(add(l2.forcing[d]!, ...balance.map((e, k) => mul(M[d]![e]!, accelerations[k]!))))));
  } else {
    const AMinv = inverseTimes(M, constraints.A, model.name);
    rows = (force) => matVec(AMinv, force);
    rhs = constraints.A.map((_, j) => simplify(neg(add(constraints.bias[j]!, ...AMinv[j]!.map((a, c) => mul(a, l2.forcing[c]!))))));
  }
  const direction = (i: number, side: 1 | -1): Expr[] => {
    const normal = constraints.A[pairs[i]!.constraint]!;
    const p = pairs[i]!;
    const sign = side === 1 ? slipSigns[i]!.positive : slipSigns[i]!.negative;
    const friction = side === 1 ? forces[i]!.positive : forces[i]!.negative;
    return normal.map((a, c) => add(mul(num(side), a), subs(friction[c]!, new Map([[p.slipSign.name, sign]]))));
  };
  const directions = pairs.map((_, i) => ({ positive: direction(i, 1), negative: direction(i, -1) }));
  const system: ReactionSystem = {
    pairs: pairs.map((p, i) => ({
      positive: rows(directions[i]!.positive).map(simplify),
      negative: rows(directions[i]!.negative).map(simplify),
      friction: { positive: p.friction.positive.name, negative: p.friction.negative.name },
    })),
    rhs,
  };
  const sided = sidedColumns(system);
  const counts = variantCounts(pairs.length);
  const decided = [...new Set(slipSigns.flatMap((x) => [x.positive, x.negative]).flatMap((e) => factorsOfSign(e)))];
  const variants = pairs.length <= CLOSED_FORM_PAIRS ? [...fullVariants(pairs.length)].flatMap((v) => closedForm(system, pairs, v, decided)) : undefined;
  const sliding = (e: Expr): Expr => signSquaresOne(simplify(e), decided);
  const friction = pairs.map((p) => p.friction);
  const partial =
    pairs.length <= PARTIAL_PAIRS
      ? [...allVariants(pairs.length)].filter((v) => supports(v) < pairs.length).flatMap((v) => partialVariant(system, friction, v, sliding) ?? [])
      : undefined;
  const locking = variants && leastLocking(model, variants);
  const lockingNeedsUnequal = variants && needsUnequal(pairs, variants);
  const general = variants && lockingForm(pairs, variants);
  const form = balance ? { kind: 'balance' as const, coordinates: balance.map((d) => cs[d]!.name) } : { kind: 'accelerations' as const };
  return {
    pairs,
    form,
    system,
    ...(sided ? { sided } : {}),
    forces,
    slipSigns,
    counts,
    freedom: cs.length - constraints.A.length,
    directions,
    ...(variants ? { variants } : {}),
    ...(partial ? { partial } : {}),
    ...(locking ? { locking } : {}),
    ...(lockingNeedsUnequal !== undefined ? { lockingNeedsUnequal } : {}),
    ...(general ? { lockingForm: general } : {}),
  };
}

/** smirnov1981 (2.2)'s letters for the face index of pairs 1 … 5. */
const FACE_INDEX = 'ijklm';

/** f_{i1} of pair s (0-based) whose sides' coefficients are named alike but for the face digit (f21, f11); else undefined. */
function faceCoefficient(p: SupportPairData, s: number): Sym | undefined {
  const [plus, minus] = [p.friction.positive.name, p.friction.negative.name].map((n) => /^([A-Za-z]+)(\d+)$/.exec(n));
  if (!plus || !minus || plus[1] !== minus[1] || plus[2]!.length !== minus[2]!.length || s >= FACE_INDEX.length) return undefined;
  const at = [...plus[2]!].flatMap((c, k) => (c === minus[2]![k] ? [] : [k]));
  if (at.length !== 1) return undefined;
  const digits = plus[2]!;
  return faceCoefficientSymbol(`${plus[1]}_{${digits.slice(0, at[0])}${FACE_INDEX[s]}${digits.slice(at[0]! + 1)}}`);
}

/** Every variant's Δˢ₀ − Δˢ with each pair's coefficient of its bearing side as f_{p s} (faceCoefficient), where they are one form. */
function lockingForm(pairs: readonly SupportPairData[], variants: readonly SupportVariant[]): SupportDerivation['lockingForm'] {
  const faces = pairs.map(faceCoefficient);
  if (!faces.every((f) => f !== undefined)) return undefined;
  const forms = variants.map((v) =>
    simplify(subs(v.lockingBound, new Map(pairs.map((p, s) => [(v.variant[s] === 1 ? p.friction.positive : p.friction.negative).name, faces[s]!] as const)))),
  );
  return forms.every((f) => f === forms[0]) ? { bound: forms[0]!, faces: [...FACE_INDEX.slice(0, pairs.length)] } : undefined;
}

/** Whether each variant's Δˢ₀ − Δˢ simplifies to 0 with every friction coefficient set to the first. */
function needsUnequal(pairs: readonly SupportPairData[], variants: readonly SupportVariant[]): boolean {
  const [first, ...rest] = pairs.flatMap((p) => [p.friction.positive, p.friction.negative]);
  const alike = new Map(rest.map((f) => [f.name, first!] as const));
  return variants.every((v) => simplify(subs(v.lockingBound, alike)) === ZERO);
}

/**
 * q̈ of a variant with reactions N (0 for a free pair): M q̈ = F + Σᵢ dᵢNᵢ, the pairs' reactions and
 * friction (1.3) entering as generalized forces (smirnov1981 example 1: m ẍ = F_x − Φ sgn ẋ).
 */
export function variantAccelerations(l2: Lagrange2, s: SupportDerivation, variant: readonly number[], reactions: readonly Expr[]): Expr[] | undefined {
  const force = l2.forcing.map((f, c) =>
    add(f, ...reactions.map((N, i) => (variant[i] === 0 ? ZERO : mul(N, (variant[i] === 1 ? s.directions[i]!.positive : s.directions[i]!.negative)[c]!)))),
  );
  return solveSmall(l2.massMatrix, force)?.x.map(simplify);
}

/** The default parameters and the initial state, at t = 0. */
export const defaultsEnv = (model: Model): Env => ({
  ...Object.fromEntries(model.parameters.map((p) => [p.name, p.default])),
  ...Object.fromEntries(model.coordinates.flatMap((c, i) => [[c.name, model.initial.q0[i]!] as const, [c.qd.name, model.initial.qd0[i]!] as const])),
  t: 0,
});

/** The least Δˢ/Δˢ₀ over the variants at the defaults and the initial state, with its variant; undefined where a Δˢ₀ vanishes there. */
function leastLocking(model: Model, variants: readonly SupportVariant[]): SupportDerivation['locking'] {
  const env = defaultsEnv(model);
  let out: SupportDerivation['locking'];
  for (const v of variants) {
    const frictionless = evaluate(v.frictionless, env);
    const ratio = evaluate(v.det, env) / frictionless;
    if (!Number.isFinite(ratio)) return undefined;
    if (!out || ratio < out.least) out = { least: ratio, variant: v.variant, frictionless };
  }
  return out;
}

/** A variant by the adjugate, in the signed reactions: Δ = det/Πsᵢ factored, Nᵢ = (adj·b)ᵢ/(Πsᵢ Δ). */
function closedForm(system: ReactionSystem, pairs: readonly SupportPairData[], v: FullVariant, decided: readonly Expr[]): SupportVariant[] {
  const a = variantMatrix(system, v);
  const signs = num(v.reduce<number>((p, s) => p * s, 1));
  const sliding = (e: Expr): Expr => signSquaresOne(simplify(e), decided);
  const delta = sliding(mul(signs, det(a)));
  if (delta === ZERO) return [];
  const factored = collectFactors(delta);
  const numerators = matVec(adjugate(a), system.rhs).map((n) => sliding(mul(signs, n)));
  const over = (n: Expr): Expr => mul(collectFactors(n), pow(factored, -1));
  const coefficient = (i: number): Sym => (v[i] === 1 ? pairs[i]!.friction.positive : pairs[i]!.friction.negative);
  const reactions = numerators.map(over);
  const friction = over(sliding(add(...numerators.map((n, i) => mul(coefficient(i), n)))));
  const without = new Map(pairs.flatMap((p) => [p.friction.positive.name, p.friction.negative.name]).map((f) => [f, ZERO] as const));
  // Split by its contents where that prints shorter: the prism's Δ₀ = (a₁ − a₂)(a₃(b₄ − b₅) + …), smirnov1981 §2.
  const plain = simplify(subs(delta, without));
  const frictionless = [collectFactors(plain), contentFactored(plain)].reduce((a, b) => (toText(b).length < toText(a).length ? b : a));
  const lockingBound = collectFactors(sliding(add(plain, neg(delta))));
  return [{ variant: v, det: factored, frictionless, lockingBound, reactions, friction }];
}

/** The sgn q̇ₖ nodes of a decided slip sign ±sgn q̇ₖ. */
const factorsOfSign = (e: Expr): Expr[] => (e.kind === 'fn' ? [e] : e.kind === 'mul' ? e.factors.map((f) => f.base).filter((b) => b.kind === 'fn') : []);

/**
 * The coordinates D the constraints fix: those A names, when they are as many
 * as the rows and T = A_D is regular (A = [T | 0]); undefined otherwise.
 */
function fixedCoordinates(A: Matrix): number[] | undefined {
  const n = A[0]?.length ?? 0;
  const D = Array.from({ length: n }, (_, c) => c).filter((c) => A.some((row) => row[c] !== ZERO));
  if (D.length !== A.length) return undefined;
  return solveSmall(
    A.map((row) => D.map((d) => row[d]!)),
    A.map(() => ZERO),
  )
    ? D
    : undefined;
}

/** sgn of a slip rate with the fixed coordinates' velocities at 0: ± sgn q̇ₖ when the rate is a constant multiple of one free velocity. */
function slipSign(row: readonly Expr[], fixed: readonly number[], model: Model): Expr | undefined {
  const rate = simplify(add(...model.coordinates.map((c, k) => (fixed.includes(k) ? ZERO : mul(row[k]!, c.qd)))));
  const [c, rest] = splitCoeff(rate);
  if (rest.kind !== 'sym' || !model.coordinates.some((q) => q.qd === rest)) return undefined;
  return mul(num(Math.sign(c.n)), fn('sign', rest));
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
