// The data of the unilateral derivation (DerivedSystem.unilateral): contact
// rows, contact phases, impact maps with their modes, the modes'
// admissibility verdicts and critical parameter values. Types only, in a
// module of their own so that the stages that compute them (unilateral.ts,
// admissibility.ts, critical.ts) import them without importing each other.
// No code to test: the values are checked where they are made
// (test/derive/unilateral/unilateral.test.ts, admissibility.test.ts, critical.test.ts).
import type { Expr, Sym } from '../../core/expr.js';
import type { ImpactScenario, UnilateralConstraint } from '../../model/model.js';
import type { ParameterAssumption } from '../proofs/assumptions.js';

/** One constraint row r(q,t)·q̇ + s(q,t) of a contact (its normal, or the tangent of a sticking contact). */
export interface ContactRow {
  /** e.g. 'footB.n' (normal) or 'footB.t' (tangent). */
  readonly label: string;
  readonly contact: number;
  readonly kind: 'normal' | 'tangent';
  /** ∂f/∂q (normal) or ∂x_t/∂q (tangent). */
  readonly row: readonly Expr[];
  /** ∂f/∂t. */
  readonly rate: Expr;
  /** d/dt(row·q̇ + rate) at q̈ = 0, so the row's acceleration is row·q̈ + bias. */
  readonly bias: Expr;
}

export interface ContactKinematics {
  readonly constraint: UnilateralConstraint;
  readonly normal: ContactRow;
  /** The tangent row of a 'stick' contact, held while it is closed. */
  readonly tangent?: ContactRow;
  /**
   * Slip rows (label '<name>.s', or '.s1', '.s2' spatial): ∂s/∂q of the
   * contact point's position along the surface, whose rate is the sliding
   * velocity. A Coulomb contact's slip, or a 'stick' contact's tangent.
   */
  readonly slip?: readonly ContactRow[];
  /** Coulomb coefficients of a contact with friction (kinetic, static: the same expression when one was given). */
  readonly friction?: { readonly kinetic: Expr; readonly static: Expr };
  /** Newton coefficient: e, 0, W² (w-law) or 0 (stick). */
  readonly restitution: Expr;
}

/** A contact with Coulomb friction (coulomb.ts derives it). */
export interface CoulombContact {
  /** Index into model.unilateral. */
  readonly contact: number;
  readonly slip: readonly ContactRow[];
  readonly kinetic: Expr;
  readonly static: Expr;
  /** sgn ṡ of a planar contact (the direction the sliding equations assume). */
  readonly direction?: Sym;
  /** Friction generalized force per unit normal reaction σ̇, planar: −μ_k sgn(ṡ) ∂s/∂q. */
  readonly force?: readonly Expr[];
  /** N M⁻¹ (N − μ_k sgn(ṡ) S)ᵀ, the sliding contact's reaction coefficient (closed form for small M). */
  readonly slidingDeterminant?: Expr;
  /** Painlevé's thresholds (painleve.ts), one per direction of sliding in which the coefficient can vanish. */
  readonly painleve?: readonly PainleveThreshold[];
}

/** The least μ_k at which a sliding contact's coefficient vanishes for one direction of sliding, and where (painleve.ts). */
export interface PainleveThreshold {
  /** sgn ṡ of the sliding. */
  readonly direction: -1 | 1;
  /** The angle the contact's rows turn with. */
  readonly coordinate: string;
  /** μ_P, closed form. */
  readonly threshold: Expr;
  readonly numeric: number;
  /** tan θ where the coefficient first vanishes (absent at θ = π/2). */
  readonly tangent?: Expr;
  /** That θ (mod π), at the default parameters. */
  readonly angle: number;
}

/** Accelerations and multipliers of a contact phase, where small enough to solve in closed form. */
export interface ContactPhase {
  readonly active: readonly number[];
  readonly rows: readonly ContactRow[];
  /** Where the active gaps vanish together in closed form (a rod lying flat: y = 0, θ = 0): the configuration the phase's expressions are reduced at. */
  readonly at?: ReadonlyMap<string, Expr>;
  /** q̈ and σ̇ per row (σ̇ of a normal row ≥ 0 while in contact; < 0 means release). */
  readonly explicit?: { readonly qdd: readonly Expr[]; readonly multipliers: readonly Expr[] };
  /** Without `explicit`, why: its rows are dependent, or the phase is past the closed-form size (unilateral.ts EXPLICIT_LIMIT). */
  readonly unsolved?: 'dependent' | 'size';
  /**
   * Where the rows fix every coordinate (their Jacobian's rank is n, a compass on both feet): q̇ solved from the rows at
   * the velocity level (0 for rows without t), and `explicit` there: q̈ (then 0) and the static densities.
   */
  readonly fixed?: { readonly qd: readonly Expr[]; readonly qdd: readonly Expr[]; readonly multipliers: readonly Expr[] };
  /** With planar Coulomb contacts held: the phase for each choice of their sliding or sticking (friction/phases.ts), which replaces the frictionless one. */
  readonly friction?: readonly FrictionPhase[];
  /**
   * The earlier phase (its index) whose q̈ and densities this one's are with two coordinates exchanged, a walker's
   * stance on foot 2 that of foot 1 with a1 ↔ a2 (mirror-phases.ts): `explicit` holds that phase's forms exchanged.
   */
  readonly mirror?: { readonly of: number; readonly swap: readonly [string, string] };
}

/** A contact phase with Coulomb friction for one choice of sliding and sticking (friction/phases.ts). */
export interface FrictionPhase {
  /** Per held planar Coulomb contact (index into the contacts): sliding with d = sgn ṡ, or sticking. */
  readonly modes: ReadonlyMap<number, 'slide' | 'stick'>;
  /** Rows held: every normal, and the slip row of each sticking contact. */
  readonly rows: readonly ContactRow[];
  /** q̈ and, per row, its density: σ̇ on a normal row, the tangential ν̇ on a slip row; absent where the rows are dependent and no cone closes them. */
  readonly explicit?: { readonly qdd: readonly Expr[]; readonly multipliers: readonly Expr[] };
  /** Densities of dependent rows, determined only in combination (friction/stick-cones.ts). */
  readonly indeterminate?: readonly Indeterminate[];
  /** The sticking cone |ν̇| ≤ μ_s σ̇ of each sticking contact, as two expressions ≥ 0. */
  readonly conditions: readonly ImpactCondition[];
  /** The cone's sides that hold in every state for either slip sign (friction/always-holds.ts), left out of `conditions`. */
  readonly alwaysHolds?: readonly ImpactCondition[];
  /** Contacts whose slip rows coincide where they hold together (a lying rod's ends, ṡ = ẋ): they slide as one, the first's sign for all. */
  readonly slipTogether?: readonly number[];
}

/**
 * Rows whose multipliers are not determined alone: the dropped row is
 * Σ wᵢ·(row labels[i]) over the others, so each λᵢ + wᵢ λ_dropped is
 * determined, and the values given take λ_dropped = 0.
 */
export interface Indeterminate {
  readonly labels: readonly string[];
  readonly dropped: string;
  /** wᵢ per label other than the dropped one. */
  readonly weights?: readonly Expr[];
}

export interface ImpactCondition {
  readonly expr: Expr;
  /** expr ≥ 0 is required. */
  readonly meaning: string;
  /** What expr ≥ 0 says in the multipliers' own symbols, where it restates them (the report prints this). */
  readonly states?: ConditionStatement;
}

/**
 * A multiplier ≥ 0, or one side of a sticking cone
 * |Σ wᵢ νᵢ| ≤ Σ cⱼ σⱼ ('upper': bound − Σ wᵢ νᵢ ≥ 0, 'lower': bound + Σ wᵢ νᵢ ≥ 0),
 * multipliers named by their row labels.
 */
export type ConditionStatement =
  | { readonly kind: 'nonnegative'; readonly label: string }
  | {
      readonly kind: 'cone';
      readonly side: 'upper' | 'lower';
      readonly tangential: readonly { readonly label: string; readonly weight: Expr }[];
      readonly normals: readonly { readonly label: string; readonly coefficient: Expr }[];
    };

export interface ImpactMode {
  /** Closed contacts that stay engaged (besides the arriving one). */
  readonly stays: readonly number[];
  /** Contacts striking together: the arriving one leaves while a striking one stays (the mirror of a mode that keeps it). */
  readonly arrivingLeaves?: true;
  /** A Coulomb contact striking alone: its slip sticks (ṡ⁺ = 0) or slides on in the direction sgn ṡ (unilateral.ts coulombModes). */
  readonly friction?: 'stick' | 'slide';
  /** With closed contacts taking part: each engaged planar Coulomb contact sticking or sliding (friction/impact-modes.ts). */
  readonly slips?: ReadonlyMap<number, 'stick' | 'slide'>;
  readonly qdPlus: readonly Expr[];
  /** Impulse per row label; for dependent rows, the determined combination is named in `indeterminate`. */
  readonly impulses: ReadonlyMap<string, Expr>;
  /** Statically indeterminate impulses: "a + b" style combinations that alone are determined. */
  readonly indeterminate: readonly Indeterminate[];
  readonly conditions: readonly ImpactCondition[];
  /** Meanings of conditions that hold identically (0 ≥ 0), left out of `conditions`. */
  readonly identities?: readonly string[];
  /**
   * The conditions decided for each sign of the independent pre-impact
   * velocity, under UnilateralDerivation.assumptions (admissibility.ts);
   * absent when the scenario has several independent velocities or a
   * condition is not of the form v·k(parameters).
   */
  readonly admissibility?: ModeAdmissibility;
}

/**
 * Whether a mode is admissible for one sign of the pre-impact velocity:
 * 'always' and 'never' are proved under the assumptions; otherwise the
 * conditions (each ≥ 0 required) that remain once factors of proved sign
 * are dropped — Rubanovich–Formalsky (1.17) reduces to 1 − 3 sin²α ≥ 0.
 */
export type Verdict = 'always' | 'never' | { readonly conditions: readonly Expr[] };

export interface ModeAdmissibility {
  /** The independent pre-impact velocity v, e.g. psi'-. */
  readonly velocity: string;
  /** Verdict for v < 0 and for v > 0. */
  readonly negative: Verdict;
  readonly positive: Verdict;
}

export interface ImpactMap {
  readonly scenario: ImpactScenario;
  /** Pre-impact velocities in terms of the independent ones (closed contacts hold). */
  readonly qdMinus: readonly Expr[];
  readonly modes: readonly ImpactMode[];
  /**
   * The modes as the report prints them, where shorter: at the impact, on the
   * arriving and closed contacts' polynomial gaps (x² + y² = R² on a circle,
   * core/on-constraint.ts). `modes` stay valid at any configuration, which the
   * paper's facts are evaluated at.
   */
  readonly onGaps?: readonly ImpactMode[];
  /** The arriving contact's normal velocity before the impact, in the independent velocities (< 0: it approaches). */
  readonly approach: Expr;
  /** For one independent velocity v, whether the arriving contact approaches (−approach ≥ 0) for each sign of v: 'never' for a sign with no impact. */
  readonly approaching?: ModeAdmissibility;
  /** Where a parameter's critical value switches the admissible mode (scenario.critical). */
  readonly critical?: CriticalValue;
}

export interface UnilateralDerivation {
  readonly contacts: readonly ContactKinematics[];
  readonly phases: readonly ContactPhase[];
  readonly impactMaps: readonly ImpactMap[];
  /** Contacts with Coulomb friction: slip rows, friction forces, the sliding determinant (coulomb.ts). */
  readonly coulomb: readonly CoulombContact[];
  /** What the admissibility verdicts assume of the parameters (assumptions.ts). */
  readonly assumptions: readonly ParameterAssumption[];
}

export interface CriticalValue {
  readonly parameter: string;
  /** Closed form when one was found (and checked, see `established`). */
  readonly value?: Expr;
  /** The root found by bisection. */
  readonly numeric: number;
  /**
   * How the value is known: 'exact' — the closed form is a root of the
   * switching factor, shown symbolically (the factor as a polynomial in the
   * parameter, its sine or its cosine vanishes there), and it is the
   * bisection root; 'numeric check' — a closed form that only agrees with
   * the bisection root to 1e-9; 'numeric' — bisection alone.
   */
  readonly established: 'exact' | 'numeric check' | 'numeric';
  /** Indices of the modes admissible just below and just above the critical value. */
  readonly below: readonly number[];
  readonly above: readonly number[];
  /** The factor of a mode condition whose sign change is the switch. */
  readonly factor: Expr;
  /** The switch depends on this parameter alone: not on the speed or the other parameters. */
  readonly alone: boolean;
}
