// What a validated model is: every expression parsed against the model's own
// names into kernel nodes, every name checked. Only buildModel (model.ts)
// makes one, so the derivation never sees an inconsistent model.
// Types only; test/model/validate/ checks what buildModel puts in them.
import type { Expr, Sym } from '../core/expr.js';
import type { GeometryDescription } from './geometry/description.js';
import type { DrawingSpec, ReportPart } from './spec.js';
import type { KinematicTree } from './geometry/tree.js';
import type { Axis, Mat3, Vec3 } from './geometry/vectors.js';

export interface Coordinate {
  readonly name: string;
  readonly q: Sym;
  readonly qd: Sym;
  readonly qdd: Sym;
  readonly description?: string;
  readonly unit?: string;
}

export interface Parameter {
  readonly name: string;
  readonly symbol: Sym;
  readonly default: number;
  /** Interval of admissible values, closed unless `open` says which ends are open; an absent end is unbounded (at least one is present). */
  readonly range?: readonly [Expr | undefined, Expr | undefined];
  readonly open?: { readonly lower: boolean; readonly upper: boolean };
  readonly description?: string;
  readonly unit?: string;
}

/** Coulomb friction coefficients (parameters); the same symbol twice when one coefficient is given. */
export interface CoulombFriction {
  readonly kinetic: Sym;
  readonly static: Sym;
}

/**
 * A retaining constraint realized by pairs of opposite support points with
 * vanishing clearance (smirnov1981 §1): its reaction N acts on one
 * side, and friction |Φ| = f₊N for N > 0, −f₋N for N < 0 opposes the slip
 * rate ṡ.
 */
export interface SupportFriction {
  /**
   * Position along its surface of the support point that bears on each side
   * (the two points of a pair may differ: Smirnov's prism has them on
   * opposite faces); its rate is the sliding velocity.
   */
  readonly slip: { readonly positive: Expr; readonly negative: Expr };
  readonly positive: Sym;
  readonly negative: Sym;
}

export interface HolonomicConstraint {
  readonly name: string;
  /** φ(q, t) = 0. */
  readonly phi: Expr;
  /** Non-ideal in Smirnov's sense (absent: ideal). */
  readonly friction?: SupportFriction;
}

/**
 * A hinge made of two holonomic constraints (the two components of the pin's
 * position) with friction in its journal: the friction moment
 * −f r |R| sgn(θ̇) about the joint, R the hinge reaction (Smirnov's examples 3, 4).
 */
export interface Hinge {
  readonly name: string;
  /** Indices into holonomic of the two constraints that make the pin. */
  readonly constraints: readonly [number, number];
  /** Relative rotation angle of the joint. */
  readonly angle: Expr;
  readonly radius: Expr;
  readonly friction: Sym;
  /** Smirnov's reduced coefficient f_r of the friction moment f_r r |R| (defaults to friction). */
  readonly reduced: Sym;
}

export interface NonholonomicConstraint {
  readonly name: string;
  /** The row A(q, t) of A q̇ + b = 0. */
  readonly A: readonly Expr[];
  readonly b: Expr;
  /** As written. */
  readonly expr: Expr;
}

/**
 * A body rolling on a plane (geometry.rolling): the retaining constraints it
 * made, by name, whose multipliers are the components of the force the plane
 * exerts on the body at the contact point (src/model/geometry/rolling.ts).
 */
export interface RollingContact {
  readonly name: string;
  readonly body: string;
  /** No slip along the plane's x and y: their multipliers are the friction force's components. */
  readonly tangents: readonly [string, string];
  /** On the plane: its multiplier is the normal force (absent when the coordinates keep the body on the plane). */
  readonly normal?: string;
  /**
   * The plane's axes (ground components, constant: t₁, t₂, n are its
   * columns), the body's symmetry axis in its frame (a sphere has none), and
   * P − c as a function of that axis in ground components (its symbols
   * AXIS_SYMBOLS), and the guard that is 1 on the side of lying flat the
   * model keeps and NaN past it (src/model/geometry/rolling.ts rollingContact).
   */
  readonly shape: { readonly plane: Mat3; readonly axis?: Axis; readonly offset: Vec3; readonly guard?: Expr };
}

export type ImpactLaw =
  | { readonly kind: 'newton'; readonly e: Sym; readonly superelastic: boolean }
  | { readonly kind: 'plastic' }
  | { readonly kind: 'w-law'; readonly W: Sym; readonly superelastic: boolean }
  | { readonly kind: 'stick'; readonly tangent: Expr };

export interface UnilateralConstraint {
  readonly name: string;
  readonly description?: string;
  /** The gap f(q, t) ≥ 0 (admissible side), whatever form the author used. */
  readonly gap: Expr;
  /** As written: expr ≥ 0 (Kozlov's f ≥ 0) or expr ≤ 0 (Kugushev–Sorokina's g ≤ 0). */
  readonly author: { readonly sense: '>=' | '<='; readonly expr: Expr };
  readonly law: ImpactLaw;
  /**
   * Position of the contact point along the surface (one expression planar,
   * two spatial), whose rate is the sliding velocity; present with a Coulomb law.
   */
  readonly slip?: readonly Expr[];
  /** Coulomb friction of the contact (with its slip); absent: frictionless, or 'stick'. */
  readonly friction?: CoulombFriction;
  /** Activation condition (`when`): an arrival is an impact only where it holds; absent: always. */
  readonly when?: ContactActivation;
}

/**
 * A contact's activation condition `when: 'a2 - a1 >= 0.1'`, as the value
 * lhs − rhs (rhs − lhs for ≤, <) of (t, q, q̇, parameters): the condition holds
 * where value ≥ 0, or value > 0 when strict.
 */
export interface ContactActivation {
  readonly value: Expr;
  readonly strict: boolean;
  /** As written. */
  readonly text: string;
}

/**
 * A compliant contact's law (Kozlov §2–§3), in the penetration δ = −f ≥ 0:
 * V_c = kδ^{p+1}/(p+1), Rayleigh cḟ²/2 (linear) or cδ^p ḟ²/2
 * (Hunt–Crossley), added mass aḟ²/2; absent terms are zero.
 */
export interface CompliantLaw {
  readonly kind: 'compliant';
  readonly stiffness?: Expr;
  readonly damping?: Expr;
  /** p (1 unless given). */
  readonly exponent: Expr;
  readonly addedMass?: Expr;
  /** false: the normal force is clamped at zero (no pull). */
  readonly adhesion: boolean;
  readonly dampingModel: 'linear' | 'hunt-crossley';
}

/** A potential of the gap acting everywhere (Kozlov's V + e^{−Nf}), as an expression of q (the gap substituted). */
export interface GapPotential {
  readonly kind: 'potential';
  readonly potential: Expr;
}

/** A contact's law that realizes it by forces rather than at impacts. */
export type RealizedLaw = CompliantLaw | GapPotential;

/**
 * A unilateral constraint realized by forces (validate/compliant.ts): not a
 * rigid contact, so it is not in Model.unilateral, and the rigid-contact
 * machinery (phases, impact maps, gaps, impact) never sees it.
 */
export interface CompliantContact {
  readonly name: string;
  readonly description?: string;
  /** The gap f(q, t), ≥ 0 outside the contact. */
  readonly gap: Expr;
  readonly author: { readonly sense: '>=' | '<='; readonly expr: Expr };
  readonly law: RealizedLaw;
}

/**
 * A retaining constraint φ = 0 realized by Kozlov's Theorem 1 terms instead
 * of being held: T + αφ̇²/2, V + βφ²/2, Rayleigh γφ̇²/2. Not in Model.holonomic.
 */
export interface ConstraintRealization {
  readonly name: string;
  readonly phi: Expr;
  readonly addedMass?: Expr;
  readonly stiffness?: Expr;
  readonly viscosity?: Expr;
}

/**
 * A distributed contact law (spec: PatchContactSpec), its expressions parsed:
 * state expressions in q, q̇, t and the parameters; the law's expressions in
 * the parameters, the state symbols, the variable and the friction sign;
 * forces in the resultants' names (symbols of those names).
 */
export interface PatchContact {
  readonly name: string;
  readonly description?: string;
  readonly variable: string;
  /** State symbol → its expression in q, q̇, t (in the order written). */
  readonly state: ReadonlyMap<string, Expr>;
  readonly depth: string;
  readonly penetration: Expr;
  readonly density: Expr;
  readonly adhesion: boolean;
  readonly expansion?: { readonly orders: Readonly<Record<string, number>>; readonly keep: number };
  readonly resultants: ReadonlyMap<string, Expr>;
  readonly normal: string;
  /** One per coordinate (0 where none was given). */
  readonly forces: readonly Expr[];
  readonly friction?: { readonly sign: string; readonly slip: Expr; readonly relaxation: Expr };
  readonly load?: Expr;
}

export interface ImpactScenario {
  readonly name: string;
  /** Index into unilateral. */
  readonly arriving: number;
  readonly closed: readonly number[];
  /** Closed contacts that arrive too (a rod striking flat with both ends): their rows do not hold before the impact. */
  readonly striking?: readonly number[];
  /** Configuration at the impact (coordinate name → value). */
  readonly at: ReadonlyMap<string, Expr>;
  /** Coordinates whose velocities stay free before the impact. */
  readonly independent: readonly string[];
  /** Sign (−1 or +1) of independent pre-impact velocities, by coordinate. */
  readonly approach: ReadonlyMap<string, -1 | 1>;
  /** Parameter across which the admissible mode switches. */
  readonly critical?: string;
  /** Free coordinates' values at which the mode is read by the direction of the pre-impact velocities. */
  readonly directionsAt?: ReadonlyMap<string, number>;
}

/** The validated mechanics (spec.ts PhysicsSpec): what the derivation reads. */
export interface ModelPhysics {
  readonly coordinates: readonly Coordinate[];
  readonly parameters: readonly Parameter[];
  readonly time: Sym;
  /** Kinetic energy (absent when only L was given). */
  readonly T?: Expr;
  /** Potential energy (absent when only L was given). */
  readonly V?: Expr;
  readonly L: Expr;
  /** Generalized forces, one per coordinate. */
  readonly Q: readonly Expr[];
  /** The geometry's joints as a tree carrying every body, where T and V come from the geometry alone (src/model/geometry/tree.ts). */
  readonly tree?: KinematicTree;
  readonly holonomic: readonly HolonomicConstraint[];
  readonly nonholonomic: readonly NonholonomicConstraint[];
  /** Bodies rolling on a plane, whose constraints are among holonomic and nonholonomic; absent: none. */
  readonly rolling?: readonly RollingContact[];
  readonly hinges: readonly Hinge[];
  readonly unilateral: readonly UnilateralConstraint[];
  /** Contacts realized by forces (compliant or a gap potential); absent: none. */
  readonly compliant?: readonly CompliantContact[];
  /** Retaining constraints realized by Kozlov's Theorem 1 terms; absent: none. */
  readonly realizations?: readonly ConstraintRealization[];
  /** Distributed contact laws; absent: none. */
  readonly patches?: readonly PatchContact[];
  readonly impactScenarios: readonly ImpactScenario[];
}

/** How the validated model runs (spec.ts NumericsSpec). */
export interface ModelNumerics {
  readonly multipleImpacts: 'error' | 'lcp';
  /** The generic parts its report leaves out (ModelSpec.leaveOut). */
  readonly leaveOut?: readonly ReportPart[];
  /** The initial state at the parameters' defaults (what generated modules and reports carry). */
  readonly initial: InitialState;
  /** The initial state as written: expressions of the parameters (initialState evaluates them at other values). */
  readonly initialExprs: InitialExprs;
}

/**
 * A validated model: its name and title, its mechanics and how it runs. The
 * declarations of experiments, presentation and verification (orbit,
 * limitStudy, drawing, sources, paper) are validated by buildModel too, and
 * read from the spec by the studies and the report.
 */
export interface Model extends ModelPhysics, ModelNumerics {
  readonly name: string;
  readonly title: string;
  readonly description?: string;
  /** The frames, points, bodies and rolling contacts of a model described by its geometry, as the report prints them. */
  readonly geometry?: GeometryDescription;
  /** The drawing of a model with geometry and no declared drawing (geometry/sketch.ts), read by the report like a declared one. */
  readonly sketch?: DrawingSpec;
}

/**
 * A state to start a run from: coordinates and velocities in coordinate order, and the end time.
 * A type, not an interface: codegen prints it as plain data (an index-signature type).
 */
export type InitialState = {
  readonly q0: readonly number[];
  readonly qd0: readonly number[];
  readonly t1: number;
};

/**
 * One value of the initial state as written: a number as given (any double:
 * a state computed in floating point is not a short decimal, which is all
 * the kernel's exact coefficients hold), or an expression of the parameters.
 */
export type InitialValue = number | Expr;

/** The model's initial state as written, in coordinate order (missing values are 0). */
export interface InitialExprs {
  readonly q0: readonly InitialValue[];
  readonly qd0: readonly InitialValue[];
  readonly t1: InitialValue;
}

/** A fixed line a·x + b·y + c = 0 of the plane, solid where a·x + b·y + c < 0. */
export interface GroundLine {
  readonly a: number;
  readonly b: number;
  readonly c: number;
}

/** A model's drawing (ModelSpec.drawing) read against its names: points as expressions, everything else resolved. */
export interface Drawing {
  readonly points: readonly { readonly name: string; readonly x: Expr; readonly y: Expr }[];
  /** Index pairs into points. */
  readonly segments: readonly (readonly [number, number])[];
  readonly discs: readonly { readonly center: number; readonly radius: Expr }[];
  /** Index pairs into points, drawn in the still sketch: coil springs, dampers, dashed guides (DrawingSpec). */
  readonly springs: readonly (readonly [number, number])[];
  readonly dampers: readonly (readonly [number, number])[];
  readonly guides: readonly (readonly [number, number])[];
  /** Indices of the points not drawn (they only place a mark). */
  readonly hidden: readonly number[];
  readonly ground: readonly GroundLine[];
  /** Label the points with their names (declared drawings; the default's P1, P2, … say nothing). */
  readonly labels: boolean;
  /** What the sketch draws out of scale, in words (DrawingSpec.unscaled). */
  readonly unscaled?: string;
  /** What the sketch shows, in words (DrawingSpec.shows). */
  readonly shows?: string;
  /** The declared annotations; a field left undefined takes its default from the model (report/sketch-annotations.ts). */
  readonly annotations: DrawingAnnotations;
}

/**
 * An angle mark read against the drawing: indices into the model's coordinates and the drawing's points; of a
 * fixed angle, its value in the parameters and its label (2α) instead of a coordinate.
 */
export type AngleMark = {
  readonly at: number;
  /** A point's index, or a direction in degrees counter-clockwise from the right. */
  readonly from: { readonly point: number } | { readonly degrees: number };
  readonly to: number;
} & ({ readonly coordinate: number } | { readonly angle: Expr; readonly label: Expr });

/** A fixed curve of a drawing's plane: left − right of its equation, in the plane's x and y (drawing.ts PLANE_X, PLANE_Y) and the parameters. */
export interface PlaneCurve {
  readonly f: Expr;
}

export interface DrawingAnnotations {
  readonly axes?: readonly [string, string] | false;
  readonly angles?: readonly AngleMark[];
  readonly gravity?: readonly [number, number] | false;
  /** The parameter that is gravity's angle from the plane's downward direction (a slope's γ). */
  readonly gravityAngle?: string;
  readonly surfaces?: readonly PlaneCurve[];
  /** Indices of the points drawn as supports. */
  readonly supports: readonly number[];
  /** Labelled arrows of the still sketch between two points (indices), the label a symbol's name. */
  readonly vectors?: readonly { readonly from: number; readonly to: number; readonly label: string }[];
  /** Labels of the still sketch at points (indices), drawn instead of the points. */
  readonly notes?: readonly { readonly at: number; readonly label: string }[];
  /** Moments of the still sketch about points (indices), drawn as counter-clockwise arcs, the label a symbol's name. */
  readonly moments?: readonly { readonly at: number; readonly label: string }[];
}
