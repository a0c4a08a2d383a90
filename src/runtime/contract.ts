// The contract every module in generated/ satisfies. Other projects import
// generated models and drive them with this runtime, so this file is the
// public numeric API; docs/contract.md describes it in prose.
//
// Conventions (docs/notation.md): q coordinates, qd velocities, qdd
// accelerations, x = [q, qd] the first-order state, z = [q, momenta] the
// canonical state, p parameter values (an object; a missing name takes its
// default), lambda retaining multipliers, gaps g_j >= 0 admissible.
// Every function taking `out` writes into it when given (no allocation) and
// returns it; without `out` it allocates a fresh Float64Array.
// Tests: types only; every generated module is checked against it by test/codegen/exports.test.ts and test/codegen/strict.test.ts.

export type Params = Readonly<Record<string, number | undefined>>;

export interface ParameterInfo {
  readonly name: string;
  readonly default: number;
  readonly description?: string;
  readonly unit?: string;
}

/** A contact's impact law; `allowSuperelastic` is present (true) where the model admits a coefficient above 1 (src/model/limits.ts). */
export type ImpactLawInfo =
  | { readonly kind: 'newton'; readonly restitution: string; readonly allowSuperelastic?: true }
  | { readonly kind: 'plastic' }
  | { readonly kind: 'w-law'; readonly w: string; readonly allowSuperelastic?: true }
  | { readonly kind: 'stick' };

/** Coulomb friction of a contact: parameter names of its kinetic and static coefficients (the same name when one coefficient is given). */
export interface FrictionInfo {
  readonly kinetic: string;
  readonly static: string;
}

export interface UnilateralInfo {
  readonly name: string;
  readonly law: ImpactLawInfo;
  /**
   * Slip rows of the contact: 0 (none), 1 (planar: one slip coordinate along
   * the surface) or 2 (spatial). A 'stick' law's tangent is its slip row.
   * Rows are stacked in contact order in slipJacobian and slipRates.
   * Absent means 0 (a module without friction exports).
   */
  readonly slip?: number;
  /** Present for a Coulomb law (absent for frictionless contacts and for 'stick', which is infinite friction). */
  readonly friction?: FrictionInfo;
  /**
   * The contact's activation condition (the model's `when`), present where
   * declared: contactActivation gives its value, which must be ≥ 0 (> 0 when
   * strict) for an arrival to be an impact. Absent: every arrival is one.
   */
  readonly activation?: { readonly when: string; readonly strict: boolean };
}

/**
 * A contact realized by forces instead of a rigid constraint (the model's
 * `law: { compliant }` or `law: { potential }`): it is not in
 * ModelInfo.unilateral, and gaps, impact and the other rigid-contact
 * functions never include it. Its forces are in forcing, accelerations and
 * rhs where they act; compliantContacts gives its switching functions.
 */
export interface CompliantInfo {
  readonly name: string;
  /** 'compliant': acts where its gap f ≤ 0; 'potential': a potential of the gap, everywhere. */
  readonly kind: 'compliant' | 'potential';
  /** The normal force may pull (true for a potential); false: clamped at 0, so the contact separates where F_n = 0. */
  readonly adhesion: boolean;
}

export interface ModelInfo {
  readonly name: string;
  readonly title: string;
  readonly coordinates: readonly string[];
  readonly parameters: readonly ParameterInfo[];
  /** Number of retaining (holonomic + non-holonomic) constraint rows. */
  readonly constraintCount: number;
  readonly unilateral: readonly UnilateralInfo[];
  /** Declared default initial state for examples and reports. */
  readonly initial: { readonly q0: readonly number[]; readonly qd0: readonly number[]; readonly t1: number };
  readonly conservative: boolean;
  /**
   * Non-ideal retaining constraints (Smirnov's supports, hinges with journal
   * friction), by name. The numeric functions treat them as ideal (their
   * friction depends on the support variant); `simulate` integrates the
   * support pairs through supportRows (src/runtime/hybrid/supports.ts) and
   * a lone hinge whose pin rows are all the retaining constraints through
   * hingeRows (src/runtime/hybrid/hinges.ts); it refuses the rest
   * ('non-ideal-unsupported').
   */
  readonly nonIdeal?: readonly string[];
  /** Smirnov's support pairs, by name, in supportRows' order (absent: none). */
  readonly supports?: readonly string[];
  /** Hinges with journal friction, by name, in hingeRows' order (absent: none). */
  readonly hinges?: readonly string[];
  /** Contacts realized by forces (absent: none); simulate integrates such a model with events at their switching surfaces. */
  readonly compliant?: readonly CompliantInfo[];
  /** Retaining constraints realized by Kozlov's Theorem 1 terms (in M, forcing and energy; not held, not counted in constraintCount). */
  readonly realized?: readonly string[];
  /**
   * Functions whose values never change, derived from their expressions:
   * massMatrix and gapJacobian free of q and t, forcing free of q, q̇ and t
   * (a ball in a box, a chain of balls on a line). Time-steppers evaluate
   * them once (simulateMoreauJean). Absent (hand-written modules): none is.
   */
  readonly constant?: ConstantFunctions;
  /**
   * Per coordinate, whether every function is 2π-periodic in it (derived:
   * it occurs only in sin and cos of integer multiples of it). Every
   * driver (simulate's smooth and event-driven runs, simulateHamilton,
   * simulateMoreauJean, the variational flow) integrates such a coordinate
   * reduced to (−π, π] after every step and adds the turns back on output.
   * Absent: none is.
   */
  readonly periodic?: readonly boolean[];
}

export interface ConstantFunctions {
  readonly massMatrix: boolean;
  readonly forcing: boolean;
  readonly gapJacobian: boolean;
}

export interface ImpactOptions {
  /** Contacts to treat as closed (g = 0) before the impact; default: those with |g| within tolerance. */
  readonly active?: ArrayLike<boolean>;
  /** Gap tolerance used to decide which contacts take part. */
  readonly tol?: number;
  /**
   * Closed contacts approaching slower than this (absolute, in the model's
   * velocity units; default 1e-6) are resting, not impacting: they do not
   * count as arrivals for `multipleImpacts: 'error'`. They are still resolved:
   * every closed contact with a negative normal velocity ends without
   * approaching, however slow it is.
   */
  readonly restVelocity?: number;
}

/**
 * 'too-many-contacts': more closed contacts than the generated map
 * enumerates; the runtime then solves the impact as an LCP (impact-lcp.ts).
 */
export type ImpactStatus = 'ok' | 'corner-without-rule' | 'no-admissible-mode' | 'several-admissible-modes' | 'too-many-contacts';

export interface ImpactResult {
  readonly qdPlus: Float64Array;
  /** One impulse per unilateral constraint, 0 where none. */
  readonly impulses: Float64Array;
  /** Which contacts are closed after the impact. */
  readonly active: boolean[];
  readonly status: ImpactStatus;
  readonly message?: string;
}

/** One problem with a parameter record; `problem` is the error code a driver reports it under. */
export interface ParamProblem {
  readonly name: string;
  readonly problem: 'unknown-parameter' | 'non-finite-input' | 'bad-range' | 'bad-restitution' | 'bad-compliant-law' | 'bad-mass';
  readonly message: string;
}

/** A generated module as loaded (imported, or compiled in memory): the functions and facts it exports. Its text is a GeneratedSource (src/codegen/module.ts). */
export interface LoadedModule {
  readonly model: ModelInfo;
  /**
   * Problems with a parameter record (unknown names; values that are not
   * finite numbers, e.g. the string "1", which the unchecked hot-path
   * functions would concatenate). The drivers call it once at entry.
   */
  checkParams?(p: Params): ParamProblem[];
  massMatrix(t: number, q: ArrayLike<number>, p: Params, out?: Float64Array): Float64Array;
  /**
   * massMatrix's output factored in place (Cholesky, within M's envelope as
   * the derivation's structural zeros give it: a block-diagonal or banded M
   * costs what its band costs); false when M is not positive definite.
   * Absent in modules generated before it existed.
   */
  massFactor?(m: Float64Array): boolean;
  /** x[off…off+n) ← M⁻¹ x[off…off+n) in place, with the factor massFactor left in l. */
  massSolve?(l: Float64Array, x: Float64Array, off: number): void;
  forcing(t: number, q: ArrayLike<number>, qd: ArrayLike<number>, p: Params, out?: Float64Array): Float64Array;
  /** q̈ consistent with every retaining constraint. */
  accelerations(t: number, q: ArrayLike<number>, qd: ArrayLike<number>, p: Params, out?: Float64Array): Float64Array;
  rhs(t: number, x: ArrayLike<number>, p: Params, out?: Float64Array): Float64Array;
  /** ∂rhs/∂x, row-major 2n×2n: [0 I; ∂q̈/∂q ∂q̈/∂q̇] (q̈ with the retaining constraints); absent in modules generated before it existed. */
  rhsJacobian?(t: number, x: ArrayLike<number>, p: Params, out?: Float64Array): Float64Array;
  /** Total energy T + V, present where a potential exists. */
  energy?(t: number, q: ArrayLike<number>, qd: ArrayLike<number>, p: Params): number;
  hamiltonian(t: number, q: ArrayLike<number>, pm: ArrayLike<number>, p: Params): number;
  hamiltonRhs(t: number, z: ArrayLike<number>, p: Params, out?: Float64Array): Float64Array;
  /** Generalized momenta ∂L/∂q̇. */
  momenta(t: number, q: ArrayLike<number>, qd: ArrayLike<number>, p: Params, out?: Float64Array): Float64Array;
  /** q̈ followed by the retaining multipliers λ (present with retaining constraints). */
  constraintAccelerations?(t: number, q: ArrayLike<number>, qd: ArrayLike<number>, p: Params, out?: Float64Array): Float64Array;
  /** One value per unilateral constraint, ≥ 0 admissible (present with unilateral constraints). May depend on t. */
  gaps?(t: number, q: ArrayLike<number>, p: Params, out?: Float64Array): Float64Array;
  /** ∂gap/∂q, row-major m×n. */
  gapJacobian?(t: number, q: ArrayLike<number>, p: Params, out?: Float64Array): Float64Array;
  /** Normal velocities ġ = G q̇ + ∂g/∂t, one per unilateral constraint (∂g/∂t from the derivation, exact). */
  gapRates?(t: number, q: ArrayLike<number>, qd: ArrayLike<number>, p: Params, out?: Float64Array): Float64Array;
  /**
   * Newton restitution coefficient e_j per unilateral constraint, as derived
   * (U⁺ = −e U⁻): e for a 'newton' law, W² for a 'w-law' (Kugushev–Sorokina's
   * closing relation, end of §9), 0 for 'plastic' and 'stick'.
   */
  restitution?(t: number, p: Params, out?: Float64Array): Float64Array;
  /**
   * Activation value per unilateral constraint (present when some contact
   * declares `when`; 1 for a contact without a condition). A gap reaching 0
   * from above is an impact only where the value is ≥ 0 (> 0 when
   * model.unilateral[j].activation.strict); elsewhere the drivers let the
   * contact pass through and keep it inactive until its gap is positive
   * again. A closed contact is not re-checked: it stays closed until it releases.
   */
  contactActivation?(t: number, q: ArrayLike<number>, qd: ArrayLike<number>, p: Params, out?: Float64Array): Float64Array;
  /**
   * q̈ then the multipliers σ̇ of the active contacts (in contact order), with
   * the active gaps held: g̈_j = 0 for every active j. Sign: M q̈ = forcing +
   * Gᵀσ̇ (+ retaining terms), G = gapJacobian, so σ̇_j ≥ 0 while contact j
   * presses and σ̇_j < 0 means it would have to pull (release). The runtime
   * relies on g̈_j = 0 being exact: it reads the drift term of g̈_j off the
   * mode that holds j alone.
   */
  contactAccelerations?(t: number, q: ArrayLike<number>, qd: ArrayLike<number>, p: Params, active: ArrayLike<boolean>, out?: Float64Array): Float64Array;
  /**
   * ∂(q̇, q̈)/∂(q, q̇) in the contact phase contactAccelerations solves for
   * the same `active`, row-major 2n×2n: [0 I; ∂q̈/∂q ∂q̈/∂q̇], from the
   * derivation's residual Jacobians; NaN where the phase has no solution.
   * Absent in modules generated before it existed.
   */
  contactAccelerationsJacobian?(
    t: number,
    q: ArrayLike<number>,
    qd: ArrayLike<number>,
    p: Params,
    active: ArrayLike<boolean>,
    out?: Float64Array,
  ): Float64Array;
  /**
   * Velocity jump at an impact. The runtime passes `opts.active` = every
   * contact with g ≤ tol (closed, whether approaching or not), applies
   * `qdPlus`, names the contacts with a non-zero impulse in its 'impact'
   * event, and stops with code `impact-<status>` on any status but 'ok'.
   */
  impact?(t: number, q: ArrayLike<number>, qdMinus: ArrayLike<number>, p: Params, opts?: ImpactOptions): ImpactResult;
  /** ∂s/∂q of every slip row (contacts with a slip coordinate or a 'stick' tangent), stacked in contact order, ms×n. */
  slipJacobian?(t: number, q: ArrayLike<number>, p: Params, out?: Float64Array): Float64Array;
  /** Sliding velocities ṡ = S q̇ + ∂s/∂t, one per slip row. */
  slipRates?(t: number, q: ArrayLike<number>, qd: ArrayLike<number>, p: Params, out?: Float64Array): Float64Array;
  /**
   * Friction coefficients, two per contact: [μ_kinetic, μ_static] of contact
   * j at 2j, 2j + 1; 0 for a frictionless contact, Infinity for 'stick'.
   */
  friction?(t: number, p: Params, out?: Float64Array): Float64Array;
  /**
   * Smirnov's support pairs (smirnov1981 (1.1), (1.3)), k of them (model.supports), n
   * coordinates: out[0, kn) the pairs' constraint rows ∇φᵢ; [kn, 2kn) the
   * slip rows ∇sᵢ⁺ of their + sides, [2kn, 3kn) those of their − sides;
   * [3kn, 3kn + k) the rows' acceleration bias (∇φᵢ q̈ + biasᵢ = 0 while the
   * pair holds); then per pair [ṡᵢ⁺, ṡᵢ⁻] (2k), the slips' acceleration bias
   * [+, −] (s̈ = ∇s q̈ + bias; 2k) and [fᵢ⁺, fᵢ⁻] (2k).
   * Side + pushes along +∇φᵢ.
   */
  supportRows?(t: number, q: ArrayLike<number>, qd: ArrayLike<number>, p: Params, out?: Float64Array): Float64Array;
  /**
   * Hinges with journal friction (smirnov1981 §2), 3n + 7 values per hinge
   * in model.hinges order: the pin rows J (2×n, Cartesian components of the
   * pin in an orthonormal frame of the bearing), the moment row w (n; the
   * joint's rate ω = w q̇), the pin rows' acceleration bias (J q̈ + bias = 0;
   * 2), ω, ω's acceleration bias (ω̇ = w q̈ + it), r, f, f_r.
   */
  hingeRows?(t: number, q: ArrayLike<number>, qd: ArrayLike<number>, p: Params, out?: Float64Array): Float64Array;
  /**
   * Contact phase with Coulomb friction. `modes[j]`: 0 open; 2 held and
   * sticking (its slip rows held, s̈ = 0); +1 or −1 held and sliding, the
   * friction force −μ_k σ̇ d along the slip rows with d = modes[j] for a planar
   * contact and d = ṡ/|ṡ| for a spatial one (frictionless contacts: any
   * non-zero value holds the normal only; 'stick' contacts: any non-zero
   * value sticks). Output, fixed layout of length n + m + ms + 1:
   * q̈ (n), σ̇ per contact (m; 0 if open), the tangential multiplier τ of
   * each slip row (ms; 0 unless sticking), then det: the determinant of the
   * reaction matrix R M⁻¹ Fᵀ of the held rows (R the constraint rows, F the
   * rows along which their reactions act: N − μ d S for a sliding contact),
   * positive for every frictionless mode; 0 for dependent rows, NaN when
   * M is singular. det ≤ 0 in a sliding mode is Painlevé's case: no mode is
   * admissible or several are (Smirnov's self-locking, smirnov1981 §3).
   * M q̈ = forcing + Σ Fⱼᵀσ̇ⱼ + Sᵀτ (− Aᵀλ).
   */
  frictionPhase?(t: number, q: ArrayLike<number>, qd: ArrayLike<number>, p: Params, modes: ArrayLike<number>, out?: Float64Array): Float64Array;
  /**
   * Per compliant contact j (model.compliant order): out[3j] its gap f
   * (≥ 0 outside), out[3j + 1] the gap rate ḟ, out[3j + 2] its normal force
   * F_n along +∂f/∂q, unclamped and taken at the penetration's positive part
   * max(−f, 0), so it is defined at every state. Its terms act where f ≤ 0 and, without
   * adhesion, only while F_n > 0: the switching surfaces are f = 0 and
   * F_n = 0. Every other export includes its terms where they act: massMatrix
   * the added mass, momenta its a ḟ Gᵀ (kozlov1988 (1.2): p = ∂L_N/∂q̇ of the
   * L_N whose energy `energy` is), hamiltonian and hamiltonRhs L_N.
   */
  compliantContacts?(t: number, q: ArrayLike<number>, qd: ArrayLike<number>, p: Params, out?: Float64Array): Float64Array;
}
