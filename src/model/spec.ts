// What a user writes in derivations/<model>.ts: a declarative, symbolic
// description. Expressions are strings (parsed with mathjs; velocities are
// written x' or dot(x)) or kernel expressions built in TypeScript.
// Tests: test/model/validate/shape.test.ts (keys outside the language are rejected).
import type { Expr } from '../core/expr.js';

export type ExprInput = string | Expr | number;

export interface CoordinateSpec {
  readonly name: string;
  readonly description?: string;
  readonly unit?: string;
}

export interface ParameterSpec {
  readonly default: number;
  /**
   * Interval of admissible values, e.g. [0, 'pi/2'], closed unless `open`
   * says otherwise (used for sign reasoning, critical values, and to refuse
   * a run's value outside it). An end may be null, for a side without bound:
   * ['m*l^2', null] with open: 'lower' says I > m l².
   */
  readonly range?: readonly [ExprInput | null, ExprInput | null];
  /** Which ends of the range are excluded: true (both), 'lower' or 'upper'; absent: none. */
  readonly open?: boolean | 'lower' | 'upper';
  readonly description?: string;
  readonly unit?: string;
}

/** A point mass whose kinetic energy ½m|ṙ|² is added to T. */
export interface ParticleSpec {
  readonly mass: ExprInput;
  /** Cartesian position components as functions of q (and t). */
  readonly position: readonly ExprInput[];
}

/** A 3-vector: components along the x, y, z axes of a frame. */
export type VectorSpec = readonly [ExprInput, ExprInput, ExprInput];

/**
 * A reference frame turned from its parent by body-fixed rotations: about
 * the parent's axis axes[0] by angles[0], then about the turned frame's axis
 * axes[1] by angles[1], … ('z' a simple rotation, 'zxz' Euler's angles,
 * 'zyx' Tait–Bryan yaw–pitch–roll); or, instead of axes and angles, by a
 * unit quaternion.
 */
export interface FrameSpec {
  readonly name: string;
  /** The frame it turns from, declared before it (default: the ground frame). */
  readonly parent?: string;
  /** One letter x, y or z per rotation. */
  readonly axes?: string;
  /** One angle per rotation, expressions of q and t. */
  readonly angles?: readonly ExprInput[];
  /**
   * Four coordinates [q0, q1, q2, q3] by name, q0 the scalar part: the
   * rotation by θ about the unit axis n is (cos θ/2, n sin θ/2). The model
   * holds |q|² = 1 as the holonomic constraint `<name>_unit`; the initial
   * state must satisfy it (|q| = 1 and q·q̇ = 0), it is not normalized.
   */
  readonly quaternion?: readonly string[];
}

/**
 * A joint: shorthand for the child's frame and origin point (both named
 * `child`), placed from the parent frame's origin at `at` (components in the
 * parent) and moved by the joint's coordinates: revolute, one angle about
 * the parent's axis `axes`; prismatic, one length along it; universal, two
 * angles about two different axes ('zx': about the parent's z, then the
 * turned x); spherical, three body-fixed angles ('zxz' Euler by default, or
 * 'zyx' Tait–Bryan, …).
 */
export interface JointSpec {
  readonly type: 'revolute' | 'prismatic' | 'universal' | 'spherical';
  /** The frame it hangs from: the ground (default), a frame, or an earlier joint's child. */
  readonly parent?: string;
  readonly child: string;
  /** The joint point from the parent's origin, in the parent's frame (default: the origin). */
  readonly at?: VectorSpec;
  /** One axis letter per coordinate (spherical: default 'zxz'). */
  readonly axes?: string;
  /** The joint's own coordinates, by name, one per axis. */
  readonly coordinates: readonly string[];
}

/** A point at a position vector from another point (default: the fixed origin), its components in a frame (default: ground). */
export interface PointSpec {
  readonly name: string;
  readonly from?: string;
  readonly frame?: string;
  readonly position: VectorSpec;
}

/**
 * A particle (mass at a point) or, with `frame` and `inertia`, a rigid body:
 * its inertia tensor about the centre, in the body's frame, as the three
 * principal moments or a symmetric 3×3 matrix (expressions of the parameters).
 */
export interface BodySpec {
  readonly name: string;
  readonly mass: ExprInput;
  readonly centre: string;
  readonly frame?: string;
  readonly inertia?: VectorSpec | readonly [VectorSpec, VectorSpec, VectorSpec];
}

/** A linear spring between two points: V + ½k(|PQ| − length)² (length 0 by default). */
export interface SpringSpec {
  readonly between: readonly [string, string];
  readonly stiffness: ExprInput;
  readonly length?: ExprInput;
}

/** A linear damper between two points: the force −c·ḋ along PQ, d = |PQ| (the Rayleigh function ½cḋ²). */
export interface DamperSpec {
  readonly between: readonly [string, string];
  readonly damping: ExprInput;
}

/** A force applied at a point, or a torque on the body fixed in a frame; components in `frame` (default ground), of q, q̇ and t. */
export interface ForceSpec {
  readonly at: string;
  readonly vector: VectorSpec;
  readonly frame?: string;
}
export interface TorqueSpec {
  readonly on: string;
  readonly vector: VectorSpec;
  readonly frame?: string;
}

/**
 * A rigid body of revolution rolling without slipping on a fixed plane: the
 * contact point is formed from the body's centre and frame, and the rolling
 * becomes retaining constraints (src/model/geometry/rolling.ts) whose
 * multipliers are the contact force's components.
 *  - sphere of `radius` a: the contact is a below the centre;
 *  - disk of `radius` a, its symmetry `axis` a letter of the body's frame:
 *    the contact is a from the centre along the disk's plane, downwards;
 *  - torus: the disk's construction with the centre circle's `radius`, then
 *    `tubeRadius` b further down the plane's normal.
 */
export interface RollingSpec {
  /** Names the constraints: <name>_x, <name>_y (no slip along the plane's x and y) and <name>_n (on the plane). */
  readonly name: string;
  /** A rigid body of `bodies` (with frame and inertia). */
  readonly body: string;
  readonly shape: 'disk' | 'sphere' | 'torus';
  readonly radius: ExprInput;
  readonly tubeRadius?: ExprInput;
  /** The symmetry axis, 'x', 'y' or 'z' of the body's frame (disk and torus). */
  readonly axis?: string;
  /** A fixed frame whose x–y plane through the fixed origin is the plane, its z axis the normal toward the body (default: the ground). */
  readonly plane?: string;
}

/**
 * A point against a plane n·r = offset (n and offset of the parameters; n
 * need not be unit, and points to the admissible side): fixed in the ground
 * (n in ground components, r from the origin), or fixed in a body's `frame`
 * (n in its components, r from its point `through`). A unilateral
 * constraint with the gap n̂·r_P − offset/|n| and, with Coulomb friction, the
 * two slip rows of the point's position in the plane (a spatial contact).
 * `law` is a unilateral constraint's impact law ({ newton: 'e', coulomb:
 * 'mu' }, { plastic: true, coulomb: … }, …; not 'stick').
 */
export interface ContactSpec {
  readonly name: string;
  readonly point: string;
  readonly plane: {
    readonly normal: VectorSpec;
    readonly offset?: ExprInput;
    /** The frame the plane is fixed in (with `through`; default: the ground, through the origin). */
    readonly frame?: string;
    /** A point fixed in `frame` that the plane n·r = offset is measured from. */
    readonly through?: string;
  };
  readonly law: ImpactLawSpec;
  readonly description?: string;
}

/**
 * Frames, points and bodies from which the toolkit forms T, V (gravity and
 * springs) and the generalized forces (virtual power); added to kinetic,
 * particles, potential and forces when those are given too.
 */
export interface GeometrySpec {
  /** The ground (inertial) frame's name (default 'N'). */
  readonly ground?: string;
  readonly frames?: readonly FrameSpec[];
  /** Read after frames, before points: a joint's child frame and origin are used like declared ones. */
  readonly joints?: readonly JointSpec[];
  readonly points?: readonly PointSpec[];
  readonly bodies?: readonly BodySpec[];
  /** Points against planes, as unilateral constraints after the model's `unilateral` ones. */
  readonly contacts?: readonly ContactSpec[];
  /** The gravitational acceleration, in the ground frame (expressions of the parameters). */
  readonly gravity?: VectorSpec;
  readonly springs?: readonly SpringSpec[];
  readonly dampers?: readonly DamperSpec[];
  readonly forces?: readonly ForceSpec[];
  readonly torques?: readonly TorqueSpec[];
  /** Bodies rolling without slipping on a plane: read after bodies, they add retaining constraints. */
  readonly rolling?: readonly RollingSpec[];
}

/** A linear-in-velocity constraint A(q,t)·q̇ + b(q,t) = 0, written as one expression in q' (checked linear). */
export interface NonholonomicSpec {
  readonly name?: string;
  readonly expr: ExprInput;
}

export interface HolonomicSpec {
  readonly name?: string;
  /** φ(q, t) = 0. */
  readonly expr: ExprInput;
  /**
   * Position of the support point along its surface (its rate is the sliding
   * velocity), or of each side's point when they differ
   * ({ positive, negative }: the points bearing when the reaction is positive
   * or negative); with `friction`, makes the constraint non-ideal.
   */
  readonly slip?: ExprInput | { readonly positive: ExprInput; readonly negative: ExprInput };
  /**
   * Smirnov's non-ideal retaining constraint: pairs of opposite support points
   * with vanishing clearance, one friction coefficient per side (parameter
   * names): |Φ| = f₊N when the reaction N > 0, −f₋N when N < 0.
   */
  readonly friction?: { readonly positive: string; readonly negative: string };
  /**
   * Kozlov's realization of the constraint (Theorem 1): instead of holding
   * φ = 0 rigidly, add αφ̇²/2 to T (addedMass), βφ²/2 to V (stiffness) and
   * the Rayleigh term γφ̇²/2 (viscosity); expressions of the parameters,
   * at least one of them. The constraint is then no longer a constraint.
   */
  readonly realization?: RealizationSpec;
}

/** Kozlov's Theorem 1 terms of a realized retaining constraint φ = 0 (expressions of the parameters, ≥ 0). */
export interface RealizationSpec {
  readonly addedMass?: ExprInput;
  readonly stiffness?: ExprInput;
  readonly viscosity?: ExprInput;
}

/**
 * A hinge with journal friction: two holonomic constraints (by name) pin a
 * point; the journal of radius r with friction coefficient f adds the moment
 * −f r |R| sgn(θ̇), R the hinge reaction, θ the joint's relative angle.
 */
export interface HingeSpec {
  readonly name: string;
  readonly constraints: readonly [string, string];
  readonly angle: ExprInput;
  readonly radius: ExprInput;
  /** The journal's friction coefficient (a parameter name). */
  readonly friction: string;
  /**
   * Smirnov's reduced coefficient f_r of the moment f_r r |R| (a parameter
   * name; it depends on the contact patch and the pressure over it, which
   * the paper leaves open). Default: the friction coefficient itself.
   */
  readonly reduced?: string;
}

/** Coulomb friction: one coefficient, or separate static and kinetic ones (parameter names; static ≥ kinetic). */
export type CoulombSpec = string | { readonly static: string; readonly kinetic: string };

/**
 * How a contact closes at an impact (Kugushev–Sorokina §9 closing relation;
 * Rubanovich–Formalsky §1 for 'stick').
 *  - newton: normal velocity reverses with factor e (a parameter name);
 *  - plastic: e = 0;
 *  - w-law: the sign-corrected closing relation (MV⁺ + W²MV⁻, V⁺ − V⁻) = 0,
 *    i.e. Newton's law with e = W² for one active constraint;
 *  - stick: arrives plastically and sticks: the contact point is pinned
 *    (normal and tangential velocity zero) while the contact is closed.
 * The coefficient (e, or W) must lie in [0, 1], by its default and its
 * declared range: e > 1 gains energy at every impact and e < 0 repeats the
 * impact at one instant. `allowSuperelastic: true` admits e (or W) > 1 for a
 * model that means it; a negative coefficient is never admitted.
 * newton, plastic and wLaw take `coulomb` (the contact then needs a `slip`):
 * Coulomb friction in contact phases and at impacts; 'stick' is the
 * infinite-friction case.
 */
export type ImpactLawSpec =
  | { readonly newton: string; readonly allowSuperelastic?: boolean; readonly coulomb?: CoulombSpec }
  | { readonly plastic: true; readonly coulomb?: CoulombSpec }
  | { readonly wLaw: string; readonly allowSuperelastic?: boolean; readonly coulomb?: CoulombSpec }
  | { readonly stick: ExprInput };

/**
 * A compliant contact (Kozlov §2–§3): no rigid constraint, but terms that act
 * where f ≤ 0, in the penetration δ = −f (expressions of the parameters, any
 * subset, at least one of stiffness, damping, addedMass):
 *  - stiffness k: V + kδ^{p+1}/(p+1) (p = exponent, default 1; '3/2' is Hertz);
 *  - damping c: the Rayleigh function cḟ²/2 ('linear', default) or
 *    cδ^p ḟ²/2 ('hunt-crossley');
 *  - addedMass a: T + aḟ²/2;
 *  - adhesion: false (default) clamps the normal force at zero, so the
 *    contact separates where the force vanishes; true lets it pull.
 */
export interface CompliantSpec {
  readonly stiffness?: ExprInput;
  readonly damping?: ExprInput;
  readonly exponent?: ExprInput;
  readonly addedMass?: ExprInput;
  readonly adhesion?: boolean;
  readonly dampingModel?: 'linear' | 'hunt-crossley';
}

/**
 * A contact realized by forces instead of a rigid constraint: `compliant`
 * terms where f ≤ 0, or a potential of the gap f active everywhere
 * (`{ potential: 'exp(-N*f)' }`, Kozlov's V + e^{−Nf}).
 */
export type RealizedLawSpec = { readonly compliant: CompliantSpec } | { readonly potential: ExprInput };

export interface UnilateralSpec {
  readonly name: string;
  /** 'f >= 0' or 'g <= 0' (either side may hold the expression); the report keeps this form. */
  readonly constraint: string;
  readonly law: ImpactLawSpec | RealizedLawSpec;
  /**
   * Position of the contact point along the surface: one expression (planar)
   * or two (spatial); its rate is the sliding velocity. Needed by a Coulomb law.
   */
  readonly slip?: ExprInput | readonly ExprInput[];
  /**
   * Activation condition, one inequality in t, coordinates, velocities and
   * parameters ('a1 - a2 > 0'): the constraint is declared only where it
   * holds, and the gap reaching 0 there is an impact; elsewhere the gap is no
   * constraint (a contact reaching it passes until its gap is positive again).
   * A run must keep f ≥ 0 wherever the condition holds
   * (test/runtime/hybrid/no-missed-impacts.test.ts).
   */
  readonly when?: string;
  readonly description?: string;
}

/**
 * A distributed contact law (kuleshov2011 §3): a force density
 * over a contact patch, integrated by the engine (src/derive/compliant/patch.ts) into
 * resultant forces and moments per patch regime. The law is written in its
 * own symbols (`state`: the depth of the lowest point, its rate, …, given as
 * expressions of the coordinates and velocities) and the patch coordinate
 * `variable`; parameters may appear anywhere.
 */
export interface PatchContactSpec {
  readonly name: string;
  readonly description?: string;
  /** The patch coordinate, the variable of integration (the paper's ϑ). */
  readonly variable: string;
  /** The law's symbols as expressions of the state, e.g. { q: '1 - y/r', qd: "-y'/r", ux: "x'" }. */
  readonly state: Readonly<Record<string, ExprInput>>;
  /** The state symbol that is the penetration of the body (> 0 in contact): its negative is the contact's gap. */
  readonly depth: string;
  /** The penetration depth along the patch (> 0 inside): its zeros are the geometric ends of the patch. */
  readonly penetration: ExprInput;
  /** Normal force per unit of the variable, before clamping (a concave quadratic in it, after the expansion, without adhesion). */
  readonly density: ExprInput;
  /** The foundation pulls as well as pushes (default false: the patch ends where the density vanishes). */
  readonly adhesion?: boolean;
  /** The small-penetration expansion: the order of each small symbol, and the total order kept. */
  readonly expansion?: { readonly orders: Readonly<Record<string, number>>; readonly keep: number };
  /** Resultant name → its weight w: the resultant is ∫ w·density over the patch (may use the friction sign). */
  readonly resultants: Readonly<Record<string, ExprInput>>;
  /** The resultant that is the normal force (the contact separates where it vanishes). */
  readonly normal: string;
  /** Generalized force per coordinate name, in the resultants' names (their virtual work; missing: 0). */
  readonly forces: Readonly<Record<string, ExprInput>>;
  /**
   * Coulomb friction: `sign` is the symbol of sgn(slip) in the resultants;
   * `slip` the slip velocity (of the coordinates' velocities); while the slip
   * is zero the friction is what keeps it zero (|sign| ≤ 1), and a slip
   * within the cone relaxes to zero over the time `relaxation`.
   */
  readonly friction?: { readonly sign: string; readonly slip: ExprInput; readonly relaxation: ExprInput };
  /** The load the patch carries at rest (e.g. 'm*g'): the report prints the equilibrium depth and the patch's half-width. */
  readonly load?: ExprInput;
}

/**
 * A closed-form impact map to derive and print: contact `arriving` strikes
 * while the contacts in `closed` are closed, at configuration `at`. The
 * pre-impact velocities satisfy the closed contacts' constraints and are
 * expressed through the `independent` velocities.
 */
export interface ImpactScenarioSpec {
  readonly name: string;
  readonly arriving: string;
  readonly closed?: readonly string[];
  readonly at: Readonly<Record<string, ExprInput>>;
  readonly independent: readonly string[];
  /** Sign of each independent pre-impact velocity, e.g. { psi: 'negative' }. */
  readonly approach?: Readonly<Record<string, 'negative' | 'positive'>>;
  /**
   * A parameter (with a range) across which the admissible mode switches:
   * its critical value is derived and stated (the compass's α₀).
   */
  readonly critical?: string;
  /**
   * Values of the coordinates the map keeps free, at which the modes are read
   * by the direction of two free pre-impact velocities
   * (src/studies/mode-directions.ts): the walker's heel strike at a1 = 0.271.
   */
  readonly directionsAt?: Readonly<Record<string, number>>;
}

/**
 * The default initial state. Every value is an expression of the parameters
 * (no coordinates, no t), so a state that depends on them (a foot on the
 * ground: y = l cos ψ) stays consistent when a run sets other values. A
 * number is taken as given, with all its digits.
 */
export interface InitialSpec {
  /** Coordinates' initial values (missing: 0). */
  readonly q?: Readonly<Record<string, ExprInput>>;
  /** Initial velocities (missing: 0). */
  readonly qd?: Readonly<Record<string, ExprInput>>;
  /** Default simulation end time. */
  readonly t1?: ExprInput;
}

/**
 * A periodic orbit the report prints (src/studies/orbit.ts): found by
 * Newton on the return map to `section` from the start (q0, q̇0) at
 * `params` (runtime/periodic.ts), with its multipliers; with `continuation`,
 * followed as `parameter` goes from `from` (its value at the start) to `to`.
 * The other fields are periodicOrbit's options of the same names.
 */
export interface OrbitSpec {
  /** Start near the orbit, by coordinate name (missing: 0). */
  readonly q0: Readonly<Record<string, number>>;
  readonly qd0: Readonly<Record<string, number>>;
  /** Parameters besides the defaults. */
  readonly params?: Readonly<Record<string, number>>;
  readonly section: { readonly contact: string } | { readonly coordinate: string; readonly value: number; readonly direction?: 'up' | 'down' };
  readonly crossings?: number;
  readonly fix?: readonly string[];
  readonly shift?: Readonly<Record<string, number | 'free'>>;
  readonly period?: number;
  readonly continuation?: { readonly parameter: string; readonly from: number; readonly to: number };
  /**
   * The orbit sought again by Newton at each of `values` of `parameter`, from the orbit found: its
   * multipliers at a few strengths of a realization, where a continuation would have to cross a
   * resonance of the swing (kozlov1988 §4: a stiff wall destabilizing an orbit the rigid one keeps).
   */
  readonly sweep?: { readonly parameter: string; readonly values: readonly number[] };
  /**
   * The orbit as the square of a mirror step (a walker's gait, goswami1998): the flow from the section to
   * `section` (the other foot's impact), the coordinates then exchanged by `relabel` ({ a1: 'a2', a2: 'a1' }),
   * returns the orbit's state; the report prints that step's period and multipliers (src/studies/orbit-step.ts).
   */
  readonly step?: { readonly section: OrbitSpec['section']; readonly relabel: Readonly<Record<string, string>> };
}

/**
 * A study of the rigid limit, printed in the report and run by `mechanics
 * limit` (Kozlov 1988: let the realization's strength grow): the model is
 * simulated from its initial state for each of `values` of `parameter` and
 * compared with its rigid model, the same model with the laws of `rigid`
 * (by contact name) in place of the realized ones.
 */
export interface LimitStudySpec {
  readonly parameter: string;
  readonly values: readonly number[];
  readonly rigid?: Readonly<Record<string, ImpactLawSpec>>;
  /** Limits the theory gives (Kozlov's release at 2 + √2, …): the orders are fitted against them, else against successive differences. */
  readonly limits?: { readonly release?: number; readonly duration?: number; readonly restitution?: number };
  /**
   * Orders r the theory gives only as bounds, |x_N − x_∞| = O(N^{−r}), where the approach oscillates rather than
   * follows a power law (kozlov1988 §2: the elastic release τ = 1 + O(N^{−1/2})): for these quantities, each with
   * its limit given, the study fits no order and extrapolates nothing, and the report prints N^r|x_N − x_∞|.
   */
  readonly bounds?: { readonly release?: number; readonly duration?: number; readonly restitution?: number; readonly distance?: number };
  /**
   * A second start the study runs for each value, entering the contact with a normal speed (a start at rest
   * on it has no restitution): the first contact's restitution and duration as N grows (kozlov1988
   * Theorem 3), the coordinates and velocities left out at the initial state's, the runs ending at t1.
   */
  readonly drop?: { readonly q?: Readonly<Record<string, number>>; readonly qd?: Readonly<Record<string, number>>; readonly t1: number };
  /**
   * The gap figure's band about the contact where the runs differ (kozlov1988 Fig. 1), not the flight after: the gaps
   * above f = cut left out, and the pressed depth −f drawn on a log scale, the runs' depths of order 1/N a decade apart.
   */
  readonly cut?: number;
}

/**
 * A sketch of the model for the report's figures and animation: named points
 * of the plane as expressions of q and the parameters, bars between them,
 * discs and fixed lines. Without one the report draws the geometry's
 * points and bodies' axes (model/geometry/sketch.ts), else the particles' positions.
 */
export interface DrawingSpec {
  /** Named points: [x, y] (x to the right, y up). */
  readonly points: Readonly<Record<string, readonly [ExprInput, ExprInput]>>;
  /** Bars between two named points (rods, legs, links). */
  readonly segments?: readonly (readonly [string, string])[];
  /** Discs around a named point (a ball, a wheel). */
  readonly discs?: readonly { readonly center: string; readonly radius: ExprInput }[];
  /** Coil springs between two named points (kozlov1988 §2's elastic line, Theorem 1's rod), drawn in the still sketch. */
  readonly springs?: readonly (readonly [string, string])[];
  /** Dampers (dashpots) between two named points (a viscous realization), drawn in the still sketch. */
  readonly dampers?: readonly (readonly [string, string])[];
  /** Thin dashed lines between two named points (a switching line such as x = 0, a reference), drawn in the still sketch. */
  readonly guides?: readonly (readonly [string, string])[];
  /** Points that only place a mark (an arrow's tail, a spring's fixed end): not drawn as points. */
  readonly hidden?: readonly string[];
  /**
   * Fixed lines, each an equation linear in the plane's x and y (not the
   * coordinates), e.g. 'y = 0' or 'y = -x*tan(alpha)'; the side where
   * left − right < 0 is hatched as the solid.
   */
  readonly ground?: string | readonly string[];
  /** Write the points' names beside them (default: when there are at most six). */
  readonly labels?: boolean;
  /**
   * What the sketch draws out of scale, in words ($…$ for math): the caption says it in place of "drawn to scale"
   * (smirnov1981 §2: the vanishing clearance between the planes drawn wide enough to tell them apart).
   */
  readonly unscaled?: string;
  /**
   * What the sketch shows, in words ($…$ for math), where the view is not plain from the figure: the caption opens
   * with it (smirnov1981 §2: the prism seen from above, pairs 1, 2 on the faces y = ±w, pairs 3–5 projected).
   */
  readonly shows?: string;
  /** What the sketch marks beside the bodies; a field left out takes its default from the model (report/sketch-annotations.ts). */
  readonly annotations?: DrawingAnnotationsSpec;
}

/** Directions an angle is measured from, besides a named point. */
export const ANGLE_DIRECTIONS = { right: 0, up: 90, left: 180, down: 270 } as const;

/** An angle drawn as an arc labelled with its coordinate's symbol: at a point, from a direction or a point, to a point. */
export interface AngleMarkSpec {
  /** The angle coordinate the arc marks; or, with `angle` instead, a fixed angle. */
  readonly coordinate?: string;
  /**
   * An angle the drawing keeps at every pose, in the parameters ('pi/3':
   * the six-spoke rimless wheel's neighbouring spokes); the report checks
   * it against the angle it draws at the defaults.
   */
  readonly angle?: string;
  /** With `angle`: its label, a positive number times a symbol, the paper's name for it ('2*alpha'). */
  readonly label?: string;
  readonly at: string;
  /** 'right', 'up', 'left', 'down' or a named point. */
  readonly from: string;
  readonly to: string;
}

/** The sketch's annotations (DrawingSpec.annotations). */
export interface DrawingAnnotationsSpec {
  /**
   * The names of the plane's axes [horizontal, vertical], drawn as arrows;
   * false: none. Default: the coordinates a point is drawn at ([x, z] for
   * P: ['x', 'z']), else ['x', 'y'].
   */
  readonly axes?: readonly [string, string] | false;
  /** Angles drawn as arcs; default: each angle coordinate that alone turns a segment. */
  readonly angles?: readonly AngleMarkSpec[];
  /** Gravity's direction [x, y] in the plane; false: none. Default: where the potential is linear in the points' positions, the way it falls. */
  readonly gravity?: readonly [number, number] | false;
  /**
   * The parameter that is the angle between gravity and the plane's downward
   * direction, drawn as an arc at the gravity arrow: a slope's angle γ in the
   * slope's frame ('gamma'). The report checks it against the gravity it draws.
   */
  readonly gravityAngle?: string;
  /**
   * Fixed curves of the plane, each an equation in x, y and the parameters
   * ('x^2 + y^2 = R^2', a billiard's wall), the side where left − right < 0
   * hatched as the solid. Default, in a drawing without ground lines: the
   * unilateral constraints of a point mass drawn at two coordinates.
   */
  readonly surfaces?: readonly string[];
  /** Points drawn as supports (an open square) instead of a dot: the prism's support points. */
  readonly supports?: readonly string[];
  /**
   * Labelled arrows of the still sketch, between two named points at the
   * initial configuration: a radius R, the initial velocity v0, a force F.
   * The label is a symbol's name ('v0', 'Phi'); the tip is drawn as the head, not as a point.
   */
  readonly vectors?: readonly VectorMarkSpec[];
  /** Labels of the still sketch at named points, drawn instead of the point (f1 on a plane); the label is a symbol's name. */
  readonly notes?: readonly { readonly at: string; readonly label: string }[];
  /** Moments of the still sketch: a counter-clockwise arc with its head about a named point, labelled with a symbol's name (a load's M_z). */
  readonly moments?: readonly { readonly at: string; readonly label: string }[];
}

/** A labelled arrow of the sketch (DrawingAnnotationsSpec.vectors). */
export interface VectorMarkSpec {
  readonly from: string;
  readonly to: string;
  readonly label: string;
}

// ---- a model spec, by concern
// A model file is written flat (defineModel({ name, coordinates, …, orbit,
// drawing })); its type is the intersection of one interface per concern,
// so that what is derived, how it is run, what is studied, how it is shown
// and what it is checked against are each read in one place. Each field
// belongs to exactly one concern (MODEL_FIELDS below is their union).

/** The mechanics: what the derivation reads (src/derive). */
export interface PhysicsSpec {
  readonly coordinates: readonly (string | CoordinateSpec)[];
  readonly parameters?: Readonly<Record<string, number | ParameterSpec>>;
  /** Kinetic energy T(q, q̇, t) (added to the particles' energy, if any). */
  readonly kinetic?: ExprInput;
  readonly particles?: readonly ParticleSpec[];
  /** Frames, points and bodies: T, V and generalized forces formed from them (added to the others). */
  readonly geometry?: GeometrySpec;
  /** Potential energy V(q, t). */
  readonly potential?: ExprInput;
  /** The Lagrangian, instead of kinetic and potential. */
  readonly lagrangian?: ExprInput;
  /** Non-conservative generalized forces Q(q, q̇, t), by coordinate name (missing: 0). */
  readonly forces?: Readonly<Record<string, ExprInput>>;
  readonly holonomic?: readonly (ExprInput | HolonomicSpec)[];
  readonly nonholonomic?: readonly (ExprInput | NonholonomicSpec)[];
  /** Hinges with journal friction, each made of two holonomic constraints. */
  readonly hinges?: readonly HingeSpec[];
  /** One-sided constraints with their impact laws. */
  readonly unilateral?: readonly UnilateralSpec[];
  /** Distributed contact laws (contact patches) whose resultants act as generalized forces. */
  readonly patches?: readonly PatchContactSpec[];
  /** Closed-form impact maps to derive (and their critical parameter values). */
  readonly impactScenarios?: readonly ImpactScenarioSpec[];
}

/** How the model is run: the default initial state and end time, and how simultaneous impacts are resolved (src/runtime). */
export interface NumericsSpec {
  /**
   * What to do when two or more contacts arrive at once (an impact into a
   * corner, which Kugushev–Sorokina leave open): 'error' reports it,
   * 'lcp' resolves it by the complementarity form of Newton's law.
   */
  readonly multipleImpacts?: 'error' | 'lcp';
  readonly initial?: InitialSpec;
}

/** What is studied beyond the equations (src/studies): a periodic orbit and its branch, the rigid limit. */
export interface ExperimentsSpec {
  /** A periodic orbit (and its branch) for the report. */
  readonly orbit?: OrbitSpec;
  /** A rigid-limit study of a model with realized contacts. */
  readonly limitStudy?: LimitStudySpec;
}

/** How the model is shown (src/report): its title and description, its sketch, the papers it cites. */
export interface PresentationSpec {
  readonly title?: string;
  readonly description?: string;
  /** A sketch for the report (default: the particles' positions). */
  readonly drawing?: DrawingSpec;
  /** The papers the model and its formulas come from, cited in its report (src/model/sources.ts keys, e.g. 'rubanovich1981'). */
  readonly sources?: readonly string[];
  /**
   * The simulated motion's generic plots left out where the report's studies show the motion better, and why, in
   * words ($…$ for math): coordinates by name (their plots against time and their phase portraits), 'energy' and 'phase' (every phase portrait)
   * (a walker's hip x, y and its energy, falling by equal steps: its limit cycle and step map show the gait).
   */
  readonly unplotted?: { readonly names: readonly string[]; readonly why: string };
  /**
   * Generic sections the report leaves out where they say nothing of the paper's question (kozlov1988 §2's release):
   * 'equilibria' the linearization's table of rests.
   */
  readonly leaveOut?: readonly ReportPart[];
}

/** A generic section of a report a model may leave out (PresentationSpec.leaveOut). */
export type ReportPart = 'equilibria';
/** The parts a model may leave out of its report. */
export const REPORT_PARTS: Readonly<Record<ReportPart, true>> = { equilibria: true };

/** What the derivation is checked against (src/studies/paper-check.ts): a paper's formulas. */
export interface VerificationSpec {
  /** A paper's formulas, each set beside the fact of the derivation it gives, in the report's closing table. */
  readonly paper?: PaperSpec;
}

/** What a model file says: its name, and the fields of every concern, side by side. */
export interface ModelSpec extends PhysicsSpec, NumericsSpec, ExperimentsSpec, PresentationSpec, VerificationSpec {
  /** File-safe identifier, e.g. 'double-pendulum'. */
  readonly name: string;
}

/**
 * One formula of a source paper, compared by the paper check (src/studies/paper-check.ts)
 * with the fact of the derivation it gives (src/derive/paper-results.ts names
 * them): e.g. { eq: '(1.16)', name: '\\dot{\\psi}(+0)', formula: 'w*(1 - 3*sin(alpha)^2)/(1 + 3*sin(alpha)^2)',
 * derived: "impact1.leaves.psi'+", where: { w: "impact1.psi'-" } }.
 */
export interface PaperFormulaSpec {
  /** The paper's equation number, e.g. '(1.16)'. */
  readonly eq: string;
  /** The quantity as the paper writes it, in LaTeX. */
  readonly name: string;
  /**
   * Where the quantity holds, in LaTeX, apart from its name: printed after "for" beside the paper's number, not as
   * part of the left side, where it would read as algebra (kozlov1988 (4.2): y₀(t) for 0 ≤ t < τ).
   */
  readonly on?: string;
  /**
   * The paper's formula in the model language: the model's parameters, the symbols of `where` and the time `t` (a law
   * of motion); absent for a result the paper states in words (printed, not compared). Without `derived`, a relation
   * 'A = B' between quantities the `where` binds to facts (Appell's theorem, p⁺·v = p⁻·v): A is set beside B.
   */
  readonly formula?: string;
  /** The fact it gives: a fact's name, several joined by ' + ', a fact to a power of a `where` symbol ('impact1.leaves.ratio^k'), a fact negated ('-fact'). */
  readonly derived?: string;
  /**
   * The formula's own symbols: each a fact's name or an expression of the
   * parameters ({ k: 'pi/alpha' }), of the coordinates and velocities (their
   * values where the facts are taken: { X: 'x' }) and of a patch law's state
   * symbols ({ Q: 'q' }).
   */
  readonly where?: Readonly<Record<string, string>>;
  /**
   * Parameter values at which the paper's result holds, set in both sides (Kozlov's Theorem 3: damping of order √N,
   * { nu: '0' }); '∞' takes both sides to their limits as the parameter grows, after the values are set (kozlov1988 §4:
   * the upper wall flattening, { R2: '∞' }).
   */
  readonly at?: Readonly<Record<string, string | number>>;
  /**
   * For a measured fact (limit., orbit., motion.: numbers the report's
   * computations give), the agreement required: |paper − derived| ≤
   * tolerance·max(1, |paper|). Required with such a fact, refused without.
   */
  readonly tolerance?: number;
  /**
   * The paper's remainder where it states an asymptotic expansion as a parameter grows, 'o(N^(-1/2))':
   * the derived side is expanded (src/core/series.ts) and its terms that are not o(N^{-1/2}) compared
   * (kozlov1988 (4.5)).
   */
  readonly remainder?: string;
  /** How the paper's text was read where it is garbled or differs in sign convention. */
  readonly note?: string;
  /**
   * What a stability bound says of the motion, in words ($…$ for math), said beside it where the abstract and the
   * conclusion state it (kozlov1988 (4.1): the bouncing's apex below the focus); of a row on an orbit sweep, said
   * beside the sweep's verdicts (kozlov1988 (4.1) against a stiff floor: the rigid bounce stable, the stiff one not).
   */
  readonly reading?: string;
  /**
   * What follows from a corrected row, in words ($…$ for math), no numbers: the conclusion says it in place of the
   * correction the abstract states (kozlov1988 §3's v(t): read as u/cos, the speed falls to u and not below it).
   */
  readonly consequence?: string;
  /**
   * The model's quantity the row's value bounds from above in a sufficient condition (kozlov1988 (4.4), (4.5):
   * f″(0) ≤ f″_*), its name in LaTeX and its value in the parameters ({ name: 'f^{\\prime\\prime}(0)', value: '1/a' }):
   * the row's exact value is computed at the declared orbit's parameters and each value of its sweep, and said beside
   * the sweep's verdicts, with where it holds.
   */
  readonly bounds?: { readonly name: string; readonly value: string };
  /**
   * A row the paper does not print: 'own' the toolkit's formula for a result the paper states only in words
   * (kozlov1988 §2: the Kelvin–Voigt release "is again delayed"), printed among the report's own results;
   * 'reduction' the toolkit's own consequence of the paper's equations (a support variant the paper does not write
   * out, smirnov1981 (2.1) with one pair free), 'correction' its corrected reading of a printed formula
   * (smirnov1981 Δᵢ (2.4)), both counted apart from the paper's formulas.
   */
  readonly origin?: PaperFormulaOrigin;
  /**
   * Of a 'correction': the formula as the paper prints it, in the same symbols, set in the table's column of the
   * paper's formulas and checked against the derivation too (kozlov1988 §3: v = u cos[…], read u/cos[…]).
   */
  readonly printed?: string;
  /**
   * 'typed': the formula's outer sums and products printed in the order typed, where the kernel's canonical order
   * rearranges what the paper prints (smirnov1981 §2: Φ = (f₂(1 + sgn F_z)/2 − f₁(1 − sgn F_z)/2)F_z, not
   * F_z(½f₁(sgn F_z − 1) + ½f₂(1 + sgn F_z))); a function's sum or product argument and a product typed in
   * parentheses to a power keep it too, and so does `printed` (kozlov1988 §3: u/cos[u(e − 1)(2R)⁻¹t + α₀]).
   */
  readonly order?: 'typed';
  /**
   * The paper's formula as it prints it, in LaTeX, where the typed one is a sum written out too long to print
   * (smirnov1981 (2.2): Φ = Σ_{i,j,k,l,m} Π_s (1 + sgn N_{ijklms})/2 Σ_s f_{ps}N_{ijklms}, 32 variants typed term by
   * term): set in the table and the results in its place; the typed formula is what is checked.
   */
  readonly display?: string;
}

export type PaperFormulaOrigin = 'own' | 'reduction' | 'correction';
export const PAPER_FORMULA_ORIGINS: Readonly<Record<PaperFormulaOrigin, true>> = { own: true, reduction: true, correction: true };

/**
 * An inequality a paper states, typed from the paper and proved by the paper
 * check (src/derive/proofs/claims.ts) on the parameters' ranges and, where it
 * names impact facts, for every direction of the pre-impact velocities: e.g.
 * { eq: '(2.9)', name: '\\nu < 1', claim: 'r^k < 1', where: { r: 'impact1.leaves.ratio', k: 'pi/alpha' }, on: { alpha: '(0, pi/5]' } }.
 */
export interface PaperClaimSpec {
  readonly eq: string;
  /** The statement as the paper makes it, in LaTeX. */
  readonly name: string;
  /** 'A < B', 'A > B', or non-strict 'A <= B', 'A >= B', in the parameters and the `where` symbols. */
  readonly claim: string;
  /** A `where` symbol bound to an expression of one parameter: the claim is then about A's rate in it ('A > 0' reads dA/dk > 0). */
  readonly rate?: string;
  readonly where?: Readonly<Record<string, string>>;
  /** Where the paper makes the claim, narrower than the parameters' ranges: intervals such as '(0, pi/5]'. */
  readonly on?: Readonly<Record<string, string>>;
  readonly note?: string;
}

/**
 * A figure of a paper redrawn from the derivation (src/studies/paper-check.ts
 * computes it): `plot`, in the parameters and the `where` symbols, against
 * `x.symbol` (a parameter set by `at` in terms of it), one curve per value of
 * `curves`' parameter: rubanovich1981 Fig. 4, ν(k) at I* = 1/4, 3/4.
 */
export interface PaperFigureSpec {
  readonly eq: string;
  /** The plotted quantity, in LaTeX. */
  readonly name: string;
  readonly plot: string;
  readonly where?: Readonly<Record<string, string>>;
  /** The parameters as functions of the abscissa ({ alpha: 'pi/k' }). */
  readonly at?: Readonly<Record<string, string>>;
  readonly x: { readonly symbol: string; readonly from: number; readonly to: number; readonly log?: boolean };
  readonly curves: Readonly<Record<string, readonly number[]>>;
}

/**
 * A sketch of a paper's figure drawn from the model's own drawing: the
 * configuration the figure shows (the coordinates it sets, the others at
 * the initial state), at the parameters' defaults or at the values given,
 * with labelled arrows where the figure draws a contact's reaction (along
 * the ground line's normal, or inward along the radius of the disc whose rim
 * the point is on):
 * rubanovich1981 Fig. 2, { eq: 'Fig. 2', at: { psi: '0', yc: 'l/2*cos(alpha)' }, caption: 'the instant D touches the line',
 * reactions: { D: 'R_1', B: 'R_2' } }. A model with a contact patch under a disc has its foundation drawn as springs.
 */
export interface PaperSketchSpec {
  readonly eq: string;
  /** Coordinates set to expressions of the parameters. */
  readonly at: Readonly<Record<string, string | number>>;
  /** What the figure shows, in words ($…$ for math); the report adds the paper's figure number. */
  readonly caption: string;
  /** Parameter values the figure is drawn at where the defaults would not show it (a foundation's depth of 0.1 % of the radius). */
  readonly params?: Readonly<Record<string, number>>;
  /** Drawing points at which the figure draws a reaction: the point's name → the reaction's label in LaTeX. */
  readonly reactions?: Readonly<Record<string, string>>;
  /** A drawing of the figure's own (a close-up of a hinge's journal), read as the model's; default: the model's. */
  readonly drawing?: DrawingSpec;
}

/**
 * A figure of a paper a study of the toolkit draws for this model (the kind
 * names the study; the report draws it in the study's section); 'realizations'
 * below:
 * 'confocal-motions', kozlov1988 Fig. 3: the motions started at `starts`, each
 * in the confocal quadrilateral of its panel (src/studies/confocal.ts);
 * 'periodic-orbit-walls', kozlov1988 Fig. 2: the declared orbit between its two
 * circular walls (src/report/birkhoff.ts);
 * 'averaged-speed', kozlov1988 §3: the speed at the impacts of the report's
 * simulation against the derived averaged law v(t) = u / cos α(t), with its t*
 * and the simulated accumulation point (src/studies/averaged-speed.ts);
 * 'rolling-speeds', rubanovich1981 §2: the speed after each impact of the
 * report's simulation against the paper's general model's threshold to roll on
 * and its steady rolling's speed (src/studies/rolling-speeds.ts);
 * 'universal-restitution', kuleshov2011 Figs. 2–4: the universal restitution
 * H(v)/v, H(v) and the contact's duration against the impact speed, from the
 * patch's universal impact problem (src/studies/restitution.ts, drawn by
 * src/report/universal.ts).
 */
export type PaperStudyFigureSpec =
  | { readonly kind: 'confocal-motions'; readonly starts: readonly ConfocalStartSpec[] }
  | { readonly kind: 'periodic-orbit-walls' }
  | { readonly kind: 'averaged-speed' }
  | { readonly kind: 'rolling-speeds' }
  | { readonly kind: 'universal-restitution' }
  | InclineRunsFigureSpec
  | RealizationsFigureSpec;

/**
 * 'incline-runs', kuleshov2011 §2, §11–§12: the model run from its initial state at each run's parameters (the
 * incline on either side of (2.3)), its contact patch's slip and speed against time, where the slip stops and the
 * speed the rolling tends to (src/studies/incline-runs.ts): { kind: 'incline-runs', runs: [{ params: { alpha: 0.02 }, t1: 25 }] }.
 */
export interface InclineRunsFigureSpec {
  readonly kind: 'incline-runs';
  readonly runs: readonly InclineRunSpec[];
}

/** One run of 'incline-runs': the parameters it is made at (the others at their defaults) and its end. */
export interface InclineRunSpec {
  readonly params: Readonly<Record<string, number>>;
  readonly t1: number;
}

/**
 * 'realizations', kozlov1988 Fig. 1: the motion from the initial state with
 * the realized contact's own law, with each of `laws` in its place, and with
 * the rigid law of limitStudy.rigid, the contact's gap against time in one
 * figure (src/studies/realizations.ts): { contact: 'line', label: 'elastic',
 * laws: { 'added mass': { compliant: { addedMass: 'N' } } }, params: { N: 100 }, t1: 4, cut: 0.03 }.
 */
export interface RealizationsFigureSpec {
  readonly kind: 'realizations';
  /** The realized contact whose law the others replace. */
  readonly contact: string;
  /** The model's own law, in words, for the legend. */
  readonly label: string;
  /** The other realizations, each its name in words → its law. */
  readonly laws: Readonly<Record<string, RealizedLawSpec>>;
  /** Parameter values of the runs (the others at their defaults). */
  readonly params?: Readonly<Record<string, number>>;
  /** The runs' end. */
  readonly t1: number;
  /** The gap above which a curve is cut: the figure shows the band about the constraint the paper draws. */
  readonly cut: number;
  /**
   * Other laws, by name, also run as the model's limitStudy parameter grows, against its rigid model: the limit each
   * tends to (kozlov1988 (2.4): the viscous line without adhesion tends to the classical motion).
   */
  readonly limits?: readonly string[];
}

/** A start of 'confocal-motions': the paper's panel (Fig. 3a: (5.4), Fig. 3b: (5.5)), every coordinate and velocity. */
export interface ConfocalStartSpec {
  readonly panel: 'a' | 'b';
  readonly q: Readonly<Record<string, number>>;
  readonly qd: Readonly<Record<string, number>>;
}

/** A paper's formulas for the report, and the model they are derived from when this one fixes a parameter the paper keeps symbolic. */
export interface PaperSpec {
  /** The paper (src/model/sources.ts key, e.g. 'rubanovich1981'). */
  readonly source: string;
  /** The same mechanics with the paper's general parameters (the rimless wheel's half-angle α = π/k for every k). */
  readonly general?: ModelSpec;
  readonly formulas: readonly PaperFormulaSpec[];
  /** The paper's inequalities, proved. */
  readonly claims?: readonly PaperClaimSpec[];
  /** The paper's figures, redrawn. */
  readonly figures?: readonly PaperFigureSpec[];
  /** The paper's sketches of the mechanism, drawn from the model's drawing. */
  readonly sketches?: readonly PaperSketchSpec[];
  /** The paper's figures a study draws, each of its own kind. */
  readonly studyFigures?: readonly PaperStudyFigureSpec[];
  /** Results of the paper the toolkit does not derive, each with why: the report lists them as such. */
  readonly notDerived?: readonly PaperNotDerivedSpec[];
  /**
   * The case the formulas are checked in where the model is narrower than the paper, in words ($…$ for math),
   * said wherever the report sums up the agreement (kozlov1988 §3: a constant metric without potential).
   */
  readonly scope?: string;
  /**
   * What the paper says in words that the derivation corrects, and how, in words ($…$ for math), said in the
   * Discussion (kozlov1988 §2 calls the switched force 'potential but discontinuous': it has no potential across x = 0).
   */
  readonly corrects?: string;
  /**
   * What the paper leaves to later work, in words ($…$ for math): the toolkit's studies of it, which outcome an impact
   * has by the direction of the velocities before it, are its own results, printed apart from the paper's and not
   * summed up as the paper's (rubanovich1981 §3 leaves the motion of B after the impact to Part II).
   */
  readonly defers?: string;
}

/** A result of the paper left underived: its equation number, the result in LaTeX, and the reason in words ($…$ for math). */
export interface PaperNotDerivedSpec {
  readonly eq: string;
  readonly name: string;
  readonly reason: string;
}

// ---- the keys each part of the language knows
// Typed against the interfaces above (a field added there does not compile
// until it is listed here), so validation rejects every other key.
type KeysOf<T> = T extends unknown ? keyof T : never;
type Known<T> = Readonly<Record<KeysOf<T>, true>>;

export const PHYSICS_FIELDS: Known<PhysicsSpec> = {
  coordinates: true,
  parameters: true,
  kinetic: true,
  particles: true,
  geometry: true,
  potential: true,
  lagrangian: true,
  forces: true,
  holonomic: true,
  nonholonomic: true,
  hinges: true,
  unilateral: true,
  patches: true,
  impactScenarios: true,
};
export const NUMERICS_FIELDS: Known<NumericsSpec> = { multipleImpacts: true, initial: true };
export const EXPERIMENTS_FIELDS: Known<ExperimentsSpec> = { orbit: true, limitStudy: true };
export const PRESENTATION_FIELDS: Known<PresentationSpec> = { title: true, description: true, drawing: true, sources: true, unplotted: true, leaveOut: true };
export const UNPLOTTED_FIELDS: Known<NonNullable<PresentationSpec['unplotted']>> = { names: true, why: true };
export const VERIFICATION_FIELDS: Known<VerificationSpec> = { paper: true };
/** Every key of a model file, concern by concern (the order of the list an unknown key's message gives). */
export const MODEL_FIELDS: Known<ModelSpec> = {
  name: true,
  ...PRESENTATION_FIELDS,
  ...PHYSICS_FIELDS,
  ...NUMERICS_FIELDS,
  ...EXPERIMENTS_FIELDS,
  ...VERIFICATION_FIELDS,
};
export const COORDINATE_FIELDS: Known<CoordinateSpec> = { name: true, description: true, unit: true };
export const PARAMETER_FIELDS: Known<ParameterSpec> = { default: true, range: true, open: true, description: true, unit: true };
export const PARTICLE_FIELDS: Known<ParticleSpec> = { mass: true, position: true };
export const GEOMETRY_FIELDS: Known<GeometrySpec> = {
  ground: true,
  frames: true,
  joints: true,
  points: true,
  bodies: true,
  contacts: true,
  gravity: true,
  springs: true,
  dampers: true,
  forces: true,
  torques: true,
  rolling: true,
};
export const ROLLING_FIELDS: Known<RollingSpec> = { name: true, body: true, shape: true, radius: true, tubeRadius: true, axis: true, plane: true };
export const FRAME_FIELDS: Known<FrameSpec> = { name: true, parent: true, axes: true, angles: true, quaternion: true };
export const JOINT_FIELDS: Known<JointSpec> = { type: true, parent: true, child: true, at: true, axes: true, coordinates: true };
export const POINT_FIELDS: Known<PointSpec> = { name: true, from: true, frame: true, position: true };
export const BODY_FIELDS: Known<BodySpec> = { name: true, mass: true, centre: true, frame: true, inertia: true };
export const CONTACT_FIELDS: Known<ContactSpec> = { name: true, point: true, plane: true, law: true, description: true };
export const PLANE_FIELDS: Known<ContactSpec['plane']> = { normal: true, offset: true, frame: true, through: true };
export const SPRING_FIELDS: Known<SpringSpec> = { between: true, stiffness: true, length: true };
export const DAMPER_FIELDS: Known<DamperSpec> = { between: true, damping: true };
export const FORCE_FIELDS: Known<ForceSpec> = { at: true, vector: true, frame: true };
export const TORQUE_FIELDS: Known<TorqueSpec> = { on: true, vector: true, frame: true };
export const CONSTRAINT_FIELDS: Known<HolonomicSpec | NonholonomicSpec> = { name: true, expr: true, slip: true, friction: true, realization: true };
export const REALIZATION_FIELDS: Known<RealizationSpec> = { addedMass: true, stiffness: true, viscosity: true };
export const SUPPORT_FRICTION_FIELDS: Known<NonNullable<HolonomicSpec['friction']>> = { positive: true, negative: true };
export const HINGE_FIELDS: Known<HingeSpec> = { name: true, constraints: true, angle: true, radius: true, friction: true, reduced: true };
export const UNILATERAL_FIELDS: Known<UnilateralSpec> = { name: true, constraint: true, law: true, slip: true, when: true, description: true };
export const IMPACT_LAW_FIELDS: Known<ImpactLawSpec> = { newton: true, plastic: true, wLaw: true, stick: true, allowSuperelastic: true, coulomb: true };
export const REALIZED_LAW_FIELDS: Known<RealizedLawSpec> = { compliant: true, potential: true };
export const COMPLIANT_FIELDS: Known<CompliantSpec> = { stiffness: true, damping: true, exponent: true, addedMass: true, adhesion: true, dampingModel: true };
/** The values dampingModel may take. */
export const DAMPING_MODELS: Readonly<Record<NonNullable<CompliantSpec['dampingModel']>, true>> = { linear: true, 'hunt-crossley': true };
export const COULOMB_FIELDS: Known<Exclude<CoulombSpec, string>> = { static: true, kinetic: true };
export const SCENARIO_FIELDS: Known<ImpactScenarioSpec> = {
  name: true,
  arriving: true,
  closed: true,
  at: true,
  independent: true,
  approach: true,
  critical: true,
  directionsAt: true,
};
export const PATCH_FIELDS: Known<PatchContactSpec> = {
  name: true,
  description: true,
  variable: true,
  state: true,
  depth: true,
  penetration: true,
  density: true,
  adhesion: true,
  expansion: true,
  resultants: true,
  normal: true,
  forces: true,
  friction: true,
  load: true,
};
export const PATCH_EXPANSION_FIELDS: Known<NonNullable<PatchContactSpec['expansion']>> = { orders: true, keep: true };
export const PATCH_FRICTION_FIELDS: Known<NonNullable<PatchContactSpec['friction']>> = { sign: true, slip: true, relaxation: true };
export const INITIAL_FIELDS: Known<InitialSpec> = { q: true, qd: true, t1: true };
export const LIMIT_STUDY_FIELDS: Known<LimitStudySpec> = { parameter: true, values: true, rigid: true, limits: true, bounds: true, drop: true, cut: true };
export const DROP_FIELDS: Known<NonNullable<LimitStudySpec['drop']>> = { q: true, qd: true, t1: true };
export const LIMIT_FIELDS: Known<NonNullable<LimitStudySpec['limits']>> = { release: true, duration: true, restitution: true };
export const ORBIT_FIELDS: Known<OrbitSpec> = {
  q0: true,
  qd0: true,
  params: true,
  section: true,
  crossings: true,
  fix: true,
  shift: true,
  period: true,
  continuation: true,
  sweep: true,
  step: true,
};
export const SECTION_FIELDS: Known<OrbitSpec['section']> = { contact: true, coordinate: true, value: true, direction: true };
export const CONTINUATION_FIELDS: Known<NonNullable<OrbitSpec['continuation']>> = { parameter: true, from: true, to: true };
export const SWEEP_FIELDS: Known<NonNullable<OrbitSpec['sweep']>> = { parameter: true, values: true };
export const STEP_FIELDS: Known<NonNullable<OrbitSpec['step']>> = { section: true, relabel: true };
export const DRAWING_FIELDS: Known<DrawingSpec> = {
  points: true,
  segments: true,
  discs: true,
  springs: true,
  dampers: true,
  guides: true,
  hidden: true,
  ground: true,
  labels: true,
  unscaled: true,
  shows: true,
  annotations: true,
};
export const ANNOTATION_FIELDS: Known<DrawingAnnotationsSpec> = {
  axes: true,
  angles: true,
  gravity: true,
  gravityAngle: true,
  surfaces: true,
  supports: true,
  vectors: true,
  notes: true,
  moments: true,
};
export const VECTOR_MARK_FIELDS: Known<VectorMarkSpec> = { from: true, to: true, label: true };
export const NOTE_FIELDS: Known<{ at: string; label: string }> = { at: true, label: true };
export const ANGLE_MARK_FIELDS: Known<AngleMarkSpec> = { coordinate: true, angle: true, label: true, at: true, from: true, to: true };
export const DISC_FIELDS: Known<NonNullable<DrawingSpec['discs']>[number]> = { center: true, radius: true };
export const PAPER_FIELDS: Known<PaperSpec> = {
  source: true,
  general: true,
  formulas: true,
  claims: true,
  figures: true,
  sketches: true,
  studyFigures: true,
  notDerived: true,
  scope: true,
  corrects: true,
  defers: true,
};
export const STUDY_FIGURE_KINDS: Readonly<Record<PaperStudyFigureSpec['kind'], true>> = {
  'confocal-motions': true,
  'periodic-orbit-walls': true,
  'averaged-speed': true,
  'rolling-speeds': true,
  'universal-restitution': true,
  'incline-runs': true,
  realizations: true,
};

/** The values multipleImpacts may take. */
export const MULTIPLE_IMPACT_RULES: Readonly<Record<NonNullable<ModelSpec['multipleImpacts']>, true>> = { error: true, lcp: true };
/** The values of a scenario's approach signs. */
export const APPROACH_SIGNS: Readonly<Record<'negative' | 'positive', -1 | 1>> = { negative: -1, positive: 1 };
