// Friction in a hinge without clearance: smirnov1981 §2, examples 3 and 4,
// eqs. (2.4)–(2.6), and §3.
//
// The journal presses on its bearing with the resultant N of the normal
// pressures. Reduced to the hinge centre, sliding friction is a force
// Φ = f|N| perpendicular to N and a moment of size f_r r |N| (r the journal
// radius, f the sliding coefficient, f_r the reduced one). The paper leaves
// f_r to the size of the contact patch and the pressure distribution and
// gives no formula for it (f/√(1+f²), the friction circle of a journal with
// clearance, is not what it uses), so f and f_r are two inputs here; its f₁
// in Δᵢ, (2.6) and the necessary condition is this f_r. Both oppose ω, the
// rotation of the journal relative to the bearing (s = sgn ω).
//
// The body enters as its equations of motion at one state, in redundant
// coordinates q (dimension d) — §3: accelerations and reactions are solved
// together, never eliminated by hand:
//   M q̈ = Q + Jᵀ(N + f s J₉₀ N) − f_r r s |N| w,   J q̈ = bias,          (★)
// J (2×d) the Jacobian of the pin's position in an orthonormal frame of the
// bearing (so N holds Cartesian components), bias = −J̇q̇, w = ∂ω/∂q̇ and J₉₀
// the rotation by +90°. The contact point of the journal lies at −r N/|N|;
// its velocity there is −rω J₉₀N/|N|, whence the friction force f s J₉₀N.
//
// |N| makes (★) nonlinear. Smirnov's two ways out, both here:
//  (2.4) the journal as a regular n-gon bearing on two neighbouring vertices:
//        per vertex pair one linear system (1.1) with determinant Δᵢ, the pair
//        realized by the rules of §3, moment f_r r (Nᵢ + Nᵢ₊₁);
//  (2.6) N resolved along the bearing's axes (two pairs of opposite points, a
//        two-sided scheme: the variants of support-variants.ts), moment
//        f_r r √(N₁² + N₂²) iterated from f_r = 0.
// The necessary self-locking condition (2.5), 1 + f² ≤ f_r² r² m² l² I⁻² for
// the pendulum, is found from the determinant of (★) linearized at the
// direction of N (journalSelfLocking). M⁻¹ applied once (hingeReduce) comes
// from src/numeric/journal.ts, which also solves the round journal exactly
// for the runtime (the limit of (2.6)).
// Tests: test/derive/friction/journal.test.ts
import { add, mul, neg, sym, type Expr } from '../../core/expr.js';
import { MechanicsError } from '../../errors.js';
import { hingeReduce, pinRows, type HingeReduced } from '../../numeric/journal.js';
import type { ReactionSystem } from './support-reactions.js';
import { chooseOption, twoTries, type OptionChoice, type SolvedOption } from './support-selection.js';
import type { FullVariant } from './support-variants.js';

export type Vec2 = readonly [number, number];

/** A body on a hinge at one state: the data of (★). */
export interface HingeState {
  /** M (d×d), symmetric positive definite. */
  readonly mass: readonly (readonly number[])[];
  /** Q (d): applied and velocity-dependent generalized forces. */
  readonly force: readonly number[];
  /** J (2×d): the pin's position differentiated in an orthonormal frame of the bearing. */
  readonly rows: readonly [readonly number[], readonly number[]];
  /** −J̇q̇, so that J q̈ = bias. */
  readonly bias: Vec2;
  /** w (d): ω = w·q̇, and a moment μ about the hinge axis acts on the body as w μ. */
  readonly moment: readonly number[];
  /** ω, the journal's rotation rate relative to the bearing (friction opposes it; none at ω = 0). */
  readonly rate: number;
  /** ψ, the journal's orientation in the bearing frame (the n-gon's vertex k sits at ψ + 2πk/n). */
  readonly angle: number;
}

/** The journal: radius r, sliding friction f, reduced friction f_r of the moment. */
export interface Journal {
  readonly radius: number;
  readonly friction: number;
  readonly reduced: number;
}

/** Accelerations with the hinge forces of a solution of (★). */
export interface HingeMotion {
  readonly accelerations: readonly number[];
  /** N, the resultant of the normal pressures on the body (bearing frame). */
  readonly normal: Vec2;
  /** μ, the friction moment about the hinge axis (acting as w μ). */
  readonly frictionMoment: number;
}

const FRICTIONLESS: Journal = { radius: 0, friction: 0, reduced: 0 };
/** The bearing's axes e₁, e₂. */
const AXES: readonly [Vec2, Vec2] = [
  [1, 0],
  [0, 1],
];
const rot90 = (u: Vec2): Vec2 => [-u[1], u[0]];
const cross = (a: Vec2, b: Vec2): number => a[0] * b[1] - a[1] * b[0];
const dot = (a: readonly number[], b: ArrayLike<number>): number => a.reduce((s, x, i) => s + x * b[i]!, 0);

function checkJournal(j: Journal): void {
  const bad = (['radius', 'friction', 'reduced'] as const).filter((k) => !(Number.isFinite(j[k]) && j[k] >= 0));
  if (bad.length)
    throw new MechanicsError('bad-hinge', 'input', `the journal's ${bad.join(', ')} must be finite and ≥ 0, got ${bad.map((k) => j[k]).join(', ')}`);
}

/** (★) with M⁻¹ applied once: all that the column and the right side of (1.1) need for any support. */
interface Reduced extends HingeReduced {
  readonly hinge: HingeState;
  readonly s: number;
}

/** f_r r s: the friction moment per unit |N| (it acts as −f_r r s |N| w). */
const momentPerNormal = (r: Reduced, j: Journal): number => j.reduced * j.radius * r.s;

function reduce(h: HingeState): Reduced {
  const d = h.force.length;
  if (h.mass.flat().length !== d * d || h.moment.length !== d || h.rows.some((r) => r.length !== d)) {
    throw new MechanicsError('bad-hinge', 'input', `a hinge with ${d} coordinates needs M ${d}×${d}, J 2×${d} and w of length ${d}`);
  }
  const base = hingeReduce(h.mass, h.force, h.rows, h.moment);
  if (!base) throw new MechanicsError('singular-mass-matrix', 'numeric', 'the mass matrix of the hinged body is not positive definite');
  const r: Reduced = { ...base, hinge: h, s: Math.sign(h.rate) };
  const D = [0, 1].map((i) => [0, 1].map((k) => dot(h.rows[i]!, r.minvJt[k]!)));
  if (!(D[0]![0]! * D[1]![1]! - D[0]![1]! * D[1]![0]! > 8 * Number.EPSILON * D[0]![0]! * D[1]![1]!)) {
    throw new MechanicsError('dependent-constraints', 'model', 'the two rows of the hinge pin are dependent (J M⁻¹ Jᵀ is singular)');
  }
  return r;
}

/**
 * A support of the journal: the unit normal u along which its reaction pushes
 * the body, and the share of that reaction in |N| of the friction moment.
 */
interface Support {
  readonly normal: Vec2;
  readonly share: number;
}

/** q̈ per unit reaction of a support: M⁻¹(Jᵀ(u + f s J₉₀u) − f_r r s share w). */
function response(r: Reduced, j: Journal, sup: Support): Float64Array {
  const t = rot90(sup.normal);
  const g = [0, 1].map((i) => sup.normal[i]! + j.friction * r.s * t[i]!);
  const k = momentPerNormal(r, j) * sup.share;
  return r.minvQ.map((_, m) => g[0]! * r.minvJt[0][m]! + g[1]! * r.minvJt[1][m]! - k * r.minvW[m]!);
}

/** Right side of (1.1) with a known |N| = τ in the moment: bias − J M⁻¹(Q − f_r r s τ w). */
function rhs(r: Reduced, j: Journal, tau: number): Vec2 {
  const k = momentPerNormal(r, j) * tau;
  const [q, w] = [pinRows(r, r.minvQ), pinRows(r, r.minvW)];
  return [r.hinge.bias[0] - q[0] + k * w[0], r.hinge.bias[1] - q[1] + k * w[1]];
}

/** q̈ = M⁻¹(Q − f_r r s τ w) + Σ Nₖ responseₖ. */
function accelerations(r: Reduced, j: Journal, tau: number, parts: readonly { readonly N: number; readonly acc: Float64Array }[]): number[] {
  const k = momentPerNormal(r, j) * tau;
  return [...r.minvQ].map((x, m) => parts.reduce((a, p) => a + p.N * p.acc[m]!, x - k * r.minvW[m]!));
}

/** det and solution of a₁x₁ + a₂x₂ = b; undefined reactions when singular to working precision. */
function solve2(a1: Vec2, a2: Vec2, b: Vec2): { readonly det: number; readonly x: Vec2 | undefined } {
  const det = cross(a1, a2);
  const singular = !(Math.abs(det) > 4 * Number.EPSILON * Math.hypot(...a1) * Math.hypot(...a2));
  return { det, x: singular ? undefined : [cross(b, a2) / det, cross(a1, b) / det] };
}

// ------------------------------------------------------------ Smirnov's choice

/** One variant of the n-gon: support on vertices k, k+1 (mod n). */
export interface PolygonVariant {
  readonly vertices: readonly [number, number];
  /** Δₖ of (2.4) here, and the same with f = f_r = 0. */
  readonly det: number;
  readonly frictionlessDet: number;
  /** The vertex reactions (≥ 0 when admissible); undefined when Δₖ = 0. */
  readonly reactions: Vec2 | undefined;
}

export interface PolygonJournal {
  readonly variants: readonly PolygonVariant[];
  /** The realized pair of vertices, or why there is none; a vanishing Δₖ is self-locking at once (§3). */
  readonly choice:
    | OptionChoice<PolygonVariant>
    | { readonly kind: 'self-locking'; readonly cause: 'singular'; readonly vertices: readonly (readonly [number, number])[] };
  /** The motion of the realized (or, if indeterminate, the sign-keeping) variant. */
  readonly motion: HingeMotion | undefined;
}

/** Vertex k of the n-gon pushes the body towards the centre: u = −(cos αₖ, sin αₖ), αₖ = ψ + 2πk/n; it carries its own reaction in the moment. */
const vertex = (h: HingeState, n: number, k: number): Support => {
  const a = h.angle + (2 * Math.PI * k) / n;
  return { normal: [-Math.cos(a), -Math.sin(a)], share: 1 };
};

function checkSides(n: number): void {
  if (!(Number.isInteger(n) && n >= 3)) throw new MechanicsError('bad-hinge', 'input', `an n-gon journal needs an integer n ≥ 3, got ${n}`);
}

function polygonSolve(r: Reduced, j: Journal, n: number): { variants: PolygonVariant[]; responses: Float64Array[] } {
  const supports = Array.from({ length: n }, (_, k) => vertex(r.hinge, n, k));
  const responses = supports.map((sup) => response(r, j, sup));
  const free = supports.map((sup) => pinRows(r, response(r, FRICTIONLESS, sup)));
  const cols = responses.map((acc) => pinRows(r, acc));
  const b = rhs(r, j, 0);
  const variants = supports.map((_, k): PolygonVariant => {
    const k1 = (k + 1) % n;
    const { det, x } = solve2(cols[k]!, cols[k1]!, b);
    return { vertices: [k, k1], det, frictionlessDet: cross(free[k]!, free[k1]!), reactions: x };
  });
  return { variants, responses };
}

/**
 * Smirnov (2.4): the journal as a regular n-gon inscribed in its circle,
 * bearing on two neighbouring vertices. For each of the n pairs the system
 * (1.1) for the vertex reactions, its determinant Δₖ, and the pair realized
 * by §3 (transitional single-vertex variants, F(s) = ½, merge); then q̈.
 */
export function polygonJournal(hinge: HingeState, journal: Journal, n: number): PolygonJournal {
  checkJournal(journal);
  checkSides(n);
  const r = reduce(hinge);
  const { variants, responses } = polygonSolve(r, journal, n);
  const singular = variants.filter((v) => !v.reactions);
  if (singular.length) return { variants, choice: { kind: 'self-locking', cause: 'singular', vertices: singular.map((v) => v.vertices) }, motion: undefined };
  const options = variants.map((v): SolvedOption<PolygonVariant> => {
    const N = v.reactions!;
    // A reaction below 1e-12 of the pair's total is a rounding zero: the
    // resultant then passes through the other vertex (a transitional variant).
    const zero = 1e-12 * (Math.abs(N[0]) + Math.abs(N[1]));
    const bearing = v.vertices.filter((_, i) => N[i]! > zero);
    return { key: bearing.sort((a, b) => a - b).join(','), admissible: N.every((x) => x >= -zero), det: v.det, frictionlessDet: v.frictionlessDet, value: v };
  });
  const choice = chooseOption(options);
  if (choice.kind !== 'realized' && choice.kind !== 'indeterminate') return { variants, choice, motion: undefined };
  const { vertices, reactions } = choice.chosen.value;
  const N = reactions!;
  const parts = vertices.map((k, i) => ({ N: N[i]!, acc: responses[k]! }));
  const normal = vertices.reduce<Vec2>(
    (acc, k, i) => {
      const u = vertex(hinge, n, k).normal;
      return [acc[0] + N[i]! * u[0], acc[1] + N[i]! * u[1]];
    },
    [0, 0],
  );
  const frictionMoment = -momentPerNormal(r, journal) * (N[0] + N[1]);
  return { variants, choice, motion: { accelerations: accelerations(r, journal, 0, parts), normal, frictionMoment } };
}

/**
 * The smallest f_r at which some Δₖ of the n-gon vanishes (∞ if none does).
 * Each Δₖ is affine in f_r (both columns of (1.1) carry the same moment term
 * f_r r s J M⁻¹w), so it is read off Δₖ at f_r = 0 and at f_r = 1.
 */
export function polygonCriticalReduced(hinge: HingeState, journal: Journal, n: number): number {
  checkJournal(journal);
  checkSides(n);
  const r = reduce(hinge);
  const at0 = polygonSolve(r, { ...journal, reduced: 0 }, n).variants;
  const at1 = polygonSolve(r, { ...journal, reduced: 1 }, n).variants;
  return at0.reduce((best, v, k) => {
    const slope = at1[k]!.det - v.det;
    const zero = -v.det / slope;
    return zero >= 0 && Number.isFinite(zero) ? Math.min(best, zero) : best;
  }, Infinity);
}

// ------------------------------------------------------------ (2.6) N along the axes, iterated

export interface AxesJournal {
  /** converged: |τₖ₊₁ − τₖ| ≤ tolerance·τₖ₊₁; not-converged: maxIterations reached (near or past self-locking). */
  readonly status: 'converged' | 'not-converged';
  /** Linear solves made (the first with f_r = 0). */
  readonly iterations: number;
  /** τₖ = |N| of each iterate, τ₀ = 0 (the start f_r = 0). */
  readonly moments: readonly number[];
  /** The realized variant of the two axis pairs (+1: N along +xᵢ) and its reactions ≥ 0. */
  readonly variant: FullVariant;
  readonly reactions: Vec2;
  readonly motion: HingeMotion;
}

/**
 * The reaction system (1.1) of (2.6) with the moment taken as known: pair i
 * of opposite points on axis i, side ± pushing the body along ±eᵢ; column
 * aᵢ± = ±J M⁻¹Jᵀ(eᵢ + f s J₉₀eᵢ) — friction turns with the normal, so
 * a⁻ = −a⁺ and the two-try rule is exact. Numbers enter as named values.
 */
function axesSystem(r: Reduced, j: Journal): { system: ReactionSystem; env: Record<string, number> } {
  const env: Record<string, number> = { f: j.friction };
  const pairs = AXES.map((e, i) => {
    const normal = pinRows(r, response(r, FRICTIONLESS, { normal: e, share: 0 }));
    const turned = pinRows(r, response(r, FRICTIONLESS, { normal: rot90(e), share: 0 }));
    const positive = [0, 1].map((row): Expr => {
      env[`a${i}${row}`] = normal[row]!;
      env[`t${i}${row}`] = r.s * turned[row]!;
      return add(sym(`a${i}${row}`), mul(sym('f'), sym(`t${i}${row}`)));
    });
    return { positive, negative: positive.map(neg), friction: { positive: 'f', negative: 'f' } };
  });
  return { system: { pairs, rhs: [sym('b0'), sym('b1')] }, env };
}

/**
 * Smirnov (2.6): N = (±N₁, ±N₂) along the bearing's axes, moment
 * f_r r √(N₁² + N₂²). Successive approximations from f_r = 0, as the paper
 * suggests: with τ = |N| of the last iterate the system is linear, its
 * variant found by two tries from the last one. The map τ ↦ |N(τ)| has
 * slope up to f_r r |(J M⁻¹Jᵀ(I + f s J₉₀))⁻¹ J M⁻¹w|, for the pendulum
 * f_r r m l I⁻¹/√(1+f²): it converges below the self-locking threshold and
 * ever more slowly towards it (§3, "сходимость … ухудшается").
 */
export function axesJournal(hinge: HingeState, journal: Journal, options: { readonly tolerance?: number; readonly maxIterations?: number } = {}): AxesJournal {
  checkJournal(journal);
  const { tolerance = 1e-12, maxIterations = 10000 } = options;
  const r = reduce(hinge);
  const { system, env } = axesSystem(r, journal);
  const moments = [0];
  let variant: FullVariant = [1, 1];
  let N: Vec2 = [0, 0];
  for (let k = 1; k <= maxIterations; k++) {
    const tau = moments[k - 1]!;
    [env.b0, env.b1] = rhs(r, journal, tau);
    const { found } = twoTries(system, env, variant);
    if (!found) throw new MechanicsError('internal', 'internal', 'the axes system of (2.6) has a⁻ = −a⁺ and a regular matrix: two tries cannot miss');
    variant = found.variant;
    N = [found.reactions[0]!, found.reactions[1]!];
    const next = Math.hypot(...N);
    moments.push(next);
    if (Math.abs(next - tau) <= tolerance * next || next === tau) return axesResult('converged', k, moments, variant, N, r, journal);
  }
  return axesResult('not-converged', maxIterations, moments, variant, N, r, journal);
}

/** The iteration (2.6) near f_r* (axesContraction): its status and linear solves at a given f_r. */
export interface IterationRun {
  readonly reduced: number;
  /** The solutions τ ≥ 0 of τ = |N(τ)|: one below the threshold; above it two (the reaction is not determined) or none. */
  readonly fixed: readonly number[];
  readonly status: AxesJournal['status'];
  readonly iterations: number;
  /** |N| the iteration ended at. */
  readonly reached: number;
}

export interface AxesContraction {
  /** d|N|/dτ at f_r = 1: the map τ ↦ |N(τ)| of (2.6) is affine in τ along N's direction, its slope f_r times this. */
  readonly slope: number;
  /** 1/slope: the f_r below which the map is a contraction (one fixed point, reached from any τ₀), above which |N| grows without bound. */
  readonly threshold: number;
  /** The iteration from f_r = 0 at 0.99 and at 1.01 times the threshold. */
  readonly below: IterationRun;
  readonly above: IterationRun;
}

/** τ ≥ 0 with τ = |N₀ + τ N′|: the roots of (|N′|² − 1)τ² + 2 N₀·N′ τ + |N₀|² = 0, ascending. */
function fixedPoints(N0: Vec2, slope: Vec2): number[] {
  const [a, b, c] = [dot(slope, slope) - 1, dot(N0, slope), dot(N0, N0)];
  if (a === 0) return b < 0 ? [-c / (2 * b)] : [];
  const disc = b * b - a * c;
  if (disc < 0) return [];
  const roots = [(-b - Math.sqrt(disc)) / a, (-b + Math.sqrt(disc)) / a];
  return roots.filter((t) => t >= 0).sort((u, v) => u - v);
}

/** Factors of the threshold at which axesContraction runs the iteration, either side of it. */
export const CONTRACTION_PROBES = [0.99, 1.01] as const;

/**
 * The contraction of Smirnov's iteration (2.6): with the moment f_r r s τ known, the reactions solve a linear system
 * (axesSystem, its variants differing only in the signs of N), so N(τ) = N(0) + τ N′ and |N(τ)| has slope |N′| ≤
 * f_r r |(J M⁻¹Jᵀ(I + f s J₉₀))⁻¹ J M⁻¹w|, reached as τ grows. The map contracts iff that is < 1, for the pendulum
 * f_r r m l/(I √(1 + f²)) < 1: (2.5)'s f_r < f_r*, the self-locking condition of example 3 (smirnov1981 §3: the same in
 * both examples). Shown by the iteration itself either side of it.
 */
export function axesContraction(hinge: HingeState, journal: Journal): AxesContraction {
  checkJournal(journal);
  const r = reduce(hinge);
  const unit = { ...journal, reduced: 1 };
  const { env } = axesSystem(r, unit);
  const column = (i: number): Vec2 => [env[`a${i}0`]! + journal.friction * env[`t${i}0`]!, env[`a${i}1`]! + journal.friction * env[`t${i}1`]!];
  const [b0, b1] = [rhs(r, unit, 0), rhs(r, unit, 1)];
  const x = solve2(column(0), column(1), [b1[0] - b0[0], b1[1] - b0[1]]).x;
  const slope = x ? Math.hypot(...x) : Infinity;
  const threshold = 1 / slope;
  const start = solve2(column(0), column(1), b0).x;
  const run = (factor: number): IterationRun => {
    const reduced = factor * threshold;
    const { status, iterations, moments } = axesJournal(hinge, { ...journal, reduced });
    return {
      reduced,
      fixed: x && start ? fixedPoints(start, [reduced * x[0], reduced * x[1]]) : [],
      status,
      iterations,
      reached: moments[moments.length - 1]!,
    };
  };
  return { slope, threshold, below: run(CONTRACTION_PROBES[0]), above: run(CONTRACTION_PROBES[1]) };
}

function axesResult(status: AxesJournal['status'], iterations: number, moments: number[], variant: FullVariant, N: Vec2, r: Reduced, j: Journal): AxesJournal {
  const signed: Vec2 = [variant[0]! * N[0], variant[1]! * N[1]];
  // The moment of the last solve used τ of the iterate before it.
  const tau = moments[moments.length - 2]!;
  const parts = AXES.map((normal, i) => ({ N: signed[i]!, acc: response(r, j, { normal, share: 0 }) }));
  const frictionMoment = -momentPerNormal(r, j) * tau;
  return { status, iterations, moments, variant, reactions: N, motion: { accelerations: accelerations(r, j, tau, parts), normal: signed, frictionMoment } };
}

// ------------------------------------------------------------ self-locking (2.5)

export interface JournalSelfLocking {
  /**
   * Δ(θ) = constant + f_r (cos·cos θ + sin·sin θ): the determinant of (★)
   * linearized at N's direction θ (|N| replaced by (cos θ, sin θ)·N). The
   * moment term is a rank-one update of J M⁻¹Jᵀ(I + f s J₉₀), so Δ is affine
   * in (cos θ, sin θ) and in f_r; constant = (1 + f²) det J M⁻¹Jᵀ > 0 is its
   * value without the moment, the sign it has as friction → 0.
   */
  readonly determinant: { readonly constant: number; readonly cos: number; readonly sin: number };
  /** f_r* = constant / |(cos, sin)|: the least f_r at which Δ(θ) reaches 0 for some direction (∞ at ω = 0). */
  readonly critical: number;
  /** f_r ≥ f_r*: the determinant changes sign — Smirnov's necessary condition of self-locking. */
  readonly possible: boolean;
}

/**
 * Smirnov's necessary condition of self-locking of a hinge (2.5) and §3,
 * from the determinant of (★): sampled at θ = 0, π/2 with f_r = 1 and
 * without the moment, which fixes the affine Δ(θ). For the pendulum it gives
 * f_r* = √(1+f²) I/(r m l), i.e. 1 + f² ≤ f_r² r² m² l² I⁻² — independent
 * of φ and |φ̇| (only sgn φ̇ enters), a property of the parameters; whether a
 * given state locks depends on where its frictionless reaction points.
 */
export function journalSelfLocking(hinge: HingeState, journal: Journal): JournalSelfLocking {
  checkJournal(journal);
  const r = reduce(hinge);
  const det = (reduced: number, u: Vec2): number => {
    const j = { ...journal, reduced };
    const cols = AXES.map((normal, i) => pinRows(r, response(r, j, { normal, share: u[i]! })));
    return cross(cols[0]!, cols[1]!);
  };
  const constant = det(0, [1, 0]);
  const [c, s] = [det(1, [1, 0]) - constant, det(1, [0, 1]) - constant];
  const critical = constant / Math.hypot(c, s);
  return { determinant: { constant, cos: c, sin: s }, critical, possible: journal.reduced >= critical };
}

// ------------------------------------------------------------ Smirnov's pendulum (examples 3, 4)

/** A physical pendulum: mass m, hinge-to-centre-of-mass distance l, moment of inertia I about the hinge, gravity g (weight P = m g). */
export interface Pendulum {
  readonly mass: number;
  readonly length: number;
  readonly inertia: number;
  readonly gravity: number;
}

/**
 * The pendulum on its journal at (φ, φ̇) as a HingeState: x down, y
 * horizontal, φ from the downward vertical towards y; q = (x_c, y_c, φ),
 * M = diag(m, m, I − m l²), Q = (P, 0, 0); the pin x_c − l cos φ = 0,
 * y_c − l sin φ = 0, so J = [1 0 l sin φ; 0 1 −l cos φ] and
 * bias = −l φ̇² (cos φ, sin φ); w = (0, 0, 1), ω = φ̇, ψ = φ (the journal
 * turns with the body).
 */
export function pendulumHinge(p: Pendulum, phi: number, phidot: number): HingeState {
  const { mass: m, length: l, inertia: I, gravity: g } = p;
  const Ic = I - m * l * l;
  if (!(m > 0 && l >= 0 && Ic > 0))
    throw new MechanicsError('bad-hinge', 'input', `the pendulum needs m > 0 and I > m l² (a body, not a point mass): m = ${m}, l = ${l}, I = ${I}`);
  return {
    mass: [
      [m, 0, 0],
      [0, m, 0],
      [0, 0, Ic],
    ],
    force: [m * g, 0, 0],
    rows: [
      [1, 0, l * Math.sin(phi)],
      [0, 1, -l * Math.cos(phi)],
    ],
    bias: [-l * phidot * phidot * Math.cos(phi), -l * phidot * phidot * Math.sin(phi)],
    moment: [0, 0, 1],
    rate: phidot,
    angle: phi,
  };
}

/** φ̈ of the pendulum at (φ, φ̇) with an n-gon journal (2.4), the realized pair and its reactions; undefined φ̈ when none is realized. */
export function pendulumAcceleration(
  p: Pendulum,
  journal: Journal,
  phi: number,
  phidot: number,
  n: number,
): { readonly phiddot: number | undefined; readonly journal: PolygonJournal } {
  const result = polygonJournal(pendulumHinge(p, phi, phidot), journal, n);
  return { phiddot: result.motion?.accelerations[2], journal: result };
}

export interface ConvergenceRow {
  readonly n: number;
  /** φ̈ with the n-gon (2.4); NaN when no pair of vertices is realized (past the threshold). */
  readonly phiddot: number;
  /** |φ̈ₙ − φ̈ of (2.6)|. */
  readonly error: number;
  /** The f_r at which a Δₖ of the n-gon first vanishes. */
  readonly critical: number;
}

export interface ConvergenceTable {
  /** φ̈ of (2.6) by iteration, with its iteration count. */
  readonly limit: { readonly phiddot: number; readonly iterations: number; readonly status: AxesJournal['status'] };
  /** f_r* of the round journal (journalSelfLocking). */
  readonly critical: number;
  readonly rows: readonly ConvergenceRow[];
}

/** The n-gon journal's φ̈ against the iterated (2.6), n = 3 … 96 by default (for the report). */
export function journalConvergence(
  p: Pendulum,
  journal: Journal,
  phi: number,
  phidot: number,
  sides: readonly number[] = [3, 4, 6, 8, 12, 24, 48, 96],
): ConvergenceTable {
  const hinge = pendulumHinge(p, phi, phidot);
  const axes = axesJournal(hinge, journal);
  const limit = axes.motion.accelerations[2]!;
  const rows = sides.map((n): ConvergenceRow => {
    const phiddot = polygonJournal(hinge, journal, n).motion?.accelerations[2] ?? NaN;
    return { n, phiddot, error: Math.abs(phiddot - limit), critical: polygonCriticalReduced(hinge, journal, n) };
  });
  return { limit: { phiddot: limit, iterations: axes.iterations, status: axes.status }, critical: journalSelfLocking(hinge, journal).critical, rows };
}
