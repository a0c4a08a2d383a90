// Smirnov's impulsive version of the support variants (smirnov1981, the
// end of §3): the equations keep their structure for impulses. The
// realized variant at the impact gives the normal and friction impulses and
// the change of the velocities; then the loaded points rebound off their
// surfaces with their reaction impulses times the restitution coefficients
// (the ratio of the unloading impulse to the loading one), these act as
// given impulses, load other points (with vanishing clearance, the opposite
// side at once) and change the velocities again. Repeated until the
// velocity changes fall below a tolerance; the changes are summed.
//
// Pair i has the normal row Wᵢ (1×n): its side + pushes the system along
// +Wᵢᵀ, side − along −Wᵢᵀ, and the gap of side s opens at the rate s Wᵢ v.
// A pair with both sides has vanishing clearance (Smirnov's pairs); a pair
// with one side is a single support, free to leave it (the other side is
// beyond reach during the impact). Friction acts along the row Tᵢ (the
// sliding rate uᵢ = Tᵢ v) with the coefficient of the side pressed.
//
// One loading step at velocity v: impulses Πᵢ ≥ 0 on a side sᵢ and
// tangential λᵢ make v⁺ = v + M⁻¹Σ(sᵢΠᵢWᵢᵀ + λᵢTᵢᵀ) with sᵢWᵢv⁺ = 0 where
// loaded, sᵢWᵢv⁺ ≥ 0 where free; Coulomb's law taken at the velocity after
// the step (slip: λ = −fσΠ with σuᵢ⁺ ≥ 0, stick: uᵢ⁺ = 0 with |λ| ≤ fΠ),
// which is Smirnov's V/|V| (1.3) read where it cannot push the sliding
// back: every step then dissipates, ΔT = Σ(Πg⁺ + λu⁺) − ½|P|²_{M⁻¹} ≤ 0.
// The combinations of sides and friction modes are enumerated and the
// realized one chosen by §3 (chooseOption); with large friction on coupled
// supports several may keep their determinant's sign and move the system
// differently (the frictional impact is not unique): 'undecided'. The rebound S = Σ eᵢ Pᵢ (Pᵢ the
// impulse of pair i) follows; with one e for all sides it returns at most
// e² of the loading step's loss, so T never rises. The velocity change of
// an iteration is M⁻¹(P + S).
// Tests: test/derive/friction/support-impulses.test.ts
import { MechanicsError } from '../../errors.js';
import { spdSolver } from '../../numeric/spd-solver.js';
import { luFactor, luSolve } from '../../numeric/lu.js';
import { chooseOption, type OptionChoice, type SolvedOption } from './support-selection.js';
import { variants, type Side, type Variant } from './support-variants.js';

/** One side of a pair: its friction coefficient and its restitution (unloading over loading impulse). */
export interface ImpulseSide {
  readonly friction: number;
  readonly restitution: number;
}

export interface ImpulsePair {
  /** Wᵢ (n). */
  readonly normal: readonly number[];
  /** Tᵢ (n), the sliding rate's row; absent: no friction. */
  readonly tangent?: readonly number[];
  /** The sides present; a missing side has clearance. */
  readonly positive?: ImpulseSide;
  readonly negative?: ImpulseSide;
}

export interface ImpulseProblem {
  /** M (n×n) at the configuration of the impact, symmetric positive definite. */
  readonly mass: readonly (readonly number[])[];
  readonly pairs: readonly ImpulsePair[];
  /** v⁻ (n). */
  readonly velocity: readonly number[];
}

export interface ImpulseOptions {
  /** Stop when ‖Δv‖_M ≤ tolerance·‖v⁻‖_M (default 1e-10). */
  readonly tolerance?: number;
  readonly maxIterations?: number;
}

/** How a pressed pair takes friction: none (f = 0 or no tangent), sliding after the step along +T or −T, or sticking. */
type Mode = 'smooth' | 'slip+' | 'slip-' | 'stick';

/** One iteration: the loading impulses of the realized variant; its rebound is eᵢ times them. */
export interface ImpulseStep {
  /** The side pressed per pair (0: free, or an impulse that vanishes). */
  readonly variant: Variant;
  /** Πᵢ ≥ 0 on that side. */
  readonly normal: readonly number[];
  /** λᵢ along Tᵢ. */
  readonly tangential: readonly number[];
  /** M⁻¹(P + S): loading and rebound. */
  readonly velocityChange: readonly number[];
}

export type ImpulseStatus = 'converged' | 'not-converged' | 'self-locking' | 'undecided';

export interface ImpulseResult {
  readonly status: ImpulseStatus;
  readonly steps: readonly ImpulseStep[];
  readonly iterations: number;
  /** Σ Δv = v⁺ − v⁻. */
  readonly velocityChange: readonly number[];
  /** v⁺. */
  readonly velocity: readonly number[];
  /** Why the last step chose no variant (self-locking: sign-change or inconsistent; undecided). */
  readonly choice?: OptionChoice<Combination>;
  /**
   * With choice: some combination of that step had dependent rows and was
   * skipped — Smirnov's vanishing determinant. With independent rows the
   * step always has an admissible combination (Coulomb's law at the velocity
   * after the step is the LCP of Anitescu and Potra, 1997, which always has
   * a solution), so self-locking comes only with dependent ones.
   */
  readonly dependent?: boolean;
}

/** A solved combination of sides and modes. */
interface Combination {
  readonly sides: Variant;
  /** The sides that bear: 0 where the pair is free or its impulse is a rounding zero. */
  readonly bearing: Variant;
  readonly normal: readonly number[];
  readonly tangential: readonly number[];
}

/** M⁻¹ applied once to every row: Gram matrices of W and T and the rows' responses. */
interface Prepared {
  readonly n: number;
  readonly minvW: Float64Array[];
  readonly minvT: Float64Array[];
  /** WW[i][j] = Wᵢ M⁻¹ Wⱼᵀ, WT[i][j] = Wᵢ M⁻¹ Tⱼᵀ, TW, TT likewise. */
  readonly WW: number[][];
  readonly WT: number[][];
  readonly TW: number[][];
  readonly TT: number[][];
}

const dot = (a: ArrayLike<number>, b: ArrayLike<number>): number => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
};

function prepare(p: ImpulseProblem): Prepared {
  const n = p.velocity.length;
  const problems = [
    p.mass.length !== n || p.mass.some((r) => r.length !== n) ? `M must be ${n}×${n}` : '',
    ...p.pairs.map((q, i) => (q.normal.length !== n || (q.tangent && q.tangent.length !== n) ? `pair ${i}: rows of length ${n} expected` : '')),
    ...p.pairs.flatMap((q, i) =>
      [q.positive, q.negative].map((s) =>
        s && !(s.friction >= 0 && s.restitution >= 0 && s.restitution <= 1) ? `pair ${i}: friction ≥ 0 and restitution in [0, 1] expected` : '',
      ),
    ),
  ].filter(Boolean);
  if (problems.length) throw new MechanicsError('invalid-option', 'input', `impulse problem: ${problems.join('; ')}`);
  const solve = spdSolver(n, p.mass);
  if (!solve) throw new MechanicsError('singular-mass-matrix', 'numeric', 'the mass matrix of the impulse problem is not positive definite');
  const W = p.pairs.map((q) => q.normal);
  const T = p.pairs.map((q) => q.tangent ?? new Array<number>(n).fill(0));
  const minvW = W.map(solve);
  const minvT = T.map(solve);
  const gram = (rows: readonly (readonly number[])[], cols: Float64Array[]): number[][] => rows.map((r) => cols.map((c) => dot(r, c)));
  return { n, minvW, minvT, WW: gram(W, minvW), WT: gram(W, minvT), TW: gram(T, minvW), TT: gram(T, minvT) };
}

const sideOf = (q: ImpulsePair, s: Side): ImpulseSide | undefined => (s === 1 ? q.positive : s === -1 ? q.negative : undefined);

/** Sides a pair may take in a step: ± with vanishing clearance, its side or free when single, free when it has none. */
function allowed(q: ImpulsePair, s: Side): boolean {
  const both = !!q.positive && !!q.negative;
  return s === 0 ? !both : !!sideOf(q, s);
}

function modesOf(q: ImpulsePair, s: Side): Mode[] {
  if (s === 0) return ['smooth'];
  return q.tangent && sideOf(q, s)!.friction > 0 ? ['slip+', 'slip-', 'stick'] : ['smooth'];
}

function* product(lists: readonly Mode[][]): Generator<Mode[]> {
  if (!lists.length) {
    yield [];
    return;
  }
  for (const m of lists[0]!) for (const rest of product(lists.slice(1))) yield [m, ...rest];
}

/**
 * Solve one combination at velocity rates g = Wv, u = Tv: unknowns Πᵢ of the
 * pressed pairs and λᵢ of the sticking ones; rows sᵢWᵢv⁺ = 0 and Tᵢv⁺ = 0.
 * Returns undefined when its rows are dependent (the other combinations decide).
 */
function solveCombination(
  pr: Prepared,
  pairs: readonly ImpulsePair[],
  sides: Variant,
  modes: readonly Mode[],
  g: readonly number[],
  u: readonly number[],
  eps: number,
): SolvedOption<Combination> | undefined {
  const pressed = sides.flatMap((s, i) => (s !== 0 ? [i] : []));
  const stuck = pressed.filter((i) => modes[i] === 'stick');
  const m = pressed.length + stuck.length;
  // Column of Πᵢ: sᵢWᵢᵀ − fσTᵢᵀ (slip σ); of λᵢ: Tᵢᵀ. A row is W or T of a pair.
  const slip = (i: number): number => (modes[i] === 'slip+' ? 1 : modes[i] === 'slip-' ? -1 : 0);
  const f = (i: number): number => sideOf(pairs[i]!, sides[i]!)!.friction;
  const entry = (row: 'W' | 'T', i: number, col: 'N' | 'L', j: number, friction: boolean): number => {
    const [GW, GT] = row === 'W' ? [pr.WW, pr.WT] : [pr.TW, pr.TT];
    if (col === 'L') return GT[i]![j]!;
    return sides[j]! * GW[i]![j]! - (friction ? f(j) * slip(j) * GT[i]![j]! : 0);
  };
  const rows = [...pressed.map((i) => ['W', i] as const), ...stuck.map((i) => ['T', i] as const)];
  const cols = [...pressed.map((j) => ['N', j] as const), ...stuck.map((j) => ['L', j] as const)];
  const matrix = (friction: boolean): Float64Array => Float64Array.from(rows.flatMap(([r, i]) => cols.map(([c, j]) => entry(r, i, c, j, friction))));
  // Factor in place; undefined when dependent rows (more pressed and stuck
  // rows than degrees of freedom, Tᵢ ∥ Wⱼ) make it singular. Their Gram
  // matrix is singular only up to rounding of its entries, so the pivot
  // threshold is 1e-12 of the largest entry, not m·ε: at m·ε such a matrix
  // passes with a pivot of 1e-15 and impulses of size 1e15.
  const factor = (A: Float64Array, piv: Int32Array): number | undefined => {
    if (luFactor(m, A, piv, 1e-12) >= 0) return undefined;
    let d = 1;
    for (let k = 0; k < m; k++) d *= piv[k] === k ? A[k * m + k]! : -A[k * m + k]!;
    return d;
  };
  const [A, piv] = [matrix(true), new Int32Array(m)];
  const det = factor(A, piv);
  const frictionlessDet = factor(matrix(false), new Int32Array(m));
  if (det === undefined || frictionlessDet === undefined) return undefined;
  const x = new Float64Array(m);
  luSolve(m, A, piv, Float64Array.from(rows.map(([r, i]) => -(r === 'W' ? g[i]! : u[i]!))), 0, x, 0);
  const normal = sides.map(() => 0);
  const tangential = sides.map(() => 0);
  pressed.forEach((i, k) => {
    normal[i] = x[k]!;
    tangential[i] = -f(i) * slip(i) * x[k]!;
  });
  stuck.forEach((i, k) => (tangential[i] = x[pressed.length + k]!));
  // Rates after the step, from the Gram matrices.
  const after = (G: 'W' | 'T', i: number): number =>
    (G === 'W' ? g[i]! : u[i]!) +
    sides.reduce<number>((a, s, j) => a + s * normal[j]! * (G === 'W' ? pr.WW : pr.TW)[i]![j]! + tangential[j]! * (G === 'W' ? pr.WT : pr.TT)[i]![j]!, 0);
  const ok = sides.every((s, i) => {
    if (s === 0) return (!pairs[i]!.positive || after('W', i) >= -eps) && (!pairs[i]!.negative || -after('W', i) >= -eps);
    const loaded = normal[i]! * pr.WW[i]![i]! >= -eps;
    const mode = modes[i]!;
    if (mode === 'stick') return loaded && Math.abs(tangential[i]!) * pr.TT[i]![i]! <= f(i) * normal[i]! * pr.TT[i]![i]! + eps;
    return loaded && (mode === 'smooth' || slip(i) * after('T', i) >= -eps);
  });
  const bearing = sides.map((s, i) => (normal[i]! * pr.WW[i]![i]! > eps ? s : 0));
  const key = bearing
    .map((s, i) => {
      if (s === 0) return '0';
      if (modes[i] === 'smooth') return s > 0 ? '+' : '-';
      const v = after('T', i);
      return (s > 0 ? '+' : '-') + (Math.abs(v) <= eps ? 's' : v > 0 ? '>' : '<');
    })
    .join('|');
  return { key, admissible: ok, det, frictionlessDet, value: { sides, bearing, normal, tangential } };
}

/** M⁻¹(P + S) of a solved combination: its loading impulses and their rebound, eᵢ of the side pressed. */
function velocityChange(pr: Prepared, pairs: readonly ImpulsePair[], c: Combination): Float64Array {
  const dv = new Float64Array(pr.n);
  c.sides.forEach((s, i) => {
    if (s === 0) return;
    const e = sideOf(pairs[i]!, s)!.restitution;
    for (let m = 0; m < pr.n; m++) dv[m] += (1 + e) * (s * c.normal[i]! * pr.minvW[i]![m]! + c.tangential[i]! * pr.minvT[i]![m]!);
  });
  return dv;
}

interface Loading {
  readonly choice: OptionChoice<Combination>;
  /** Some combination had dependent rows (a vanishing determinant) and was skipped. */
  readonly dependent: boolean;
}

/**
 * All combinations of sides and friction modes at velocity v, solved; the
 * realized one by §3. Several admissible combinations that keep their
 * determinant's sign but change the velocity alike are one outcome with
 * statically indeterminate impulses (a point in a square tube of vanishing
 * clearance stops whichever walls take the impulse), not an undecided one.
 */
function loadingStep(pr: Prepared, pairs: readonly ImpulsePair[], v: Float64Array): Loading {
  const g = pairs.map((q) => dot(q.normal, v));
  const u = pairs.map((q) => (q.tangent ? dot(q.tangent, v) : 0));
  // Admissibility is judged in velocity: ε = 1e-13 of the step's largest
  // rate, but never below the rounding of a rate W v (64 ε_mach |W|₁ |v|∞),
  // else the residue 1e-17 of a rate brought to 0 reads as a load.
  const vmax = Math.max(...Array.from(v, Math.abs));
  const rounding =
    64 * Number.EPSILON * vmax * Math.max(...pairs.flatMap((q) => [q.normal, q.tangent ?? []].map((r) => r.reduce((a, x) => a + Math.abs(x), 0))));
  const eps = Math.max(1e-13 * Math.max(...g.map(Math.abs), ...u.map(Math.abs)), rounding, Number.MIN_VALUE);
  const options: SolvedOption<Combination>[] = [];
  let dependent = false;
  for (const sides of variants(pairs.length)) {
    if (!sides.every((s, i) => allowed(pairs[i]!, s))) continue;
    for (const modes of product(sides.map((s, i) => modesOf(pairs[i]!, s)))) {
      const o = solveCombination(pr, pairs, sides, modes, g, u, eps);
      if (o) options.push(o);
      else dependent = true;
    }
  }
  const choice = chooseOption(options);
  if (choice.kind !== 'undecided') return { choice, dependent };
  const kept = options.filter((o) => o.admissible && Math.sign(o.det) === Math.sign(o.frictionlessDet));
  const [first, ...rest] = kept.map((o) => velocityChange(pr, pairs, o.value));
  const size = Math.max(...first!.map(Math.abs), Number.MIN_VALUE);
  const alike = rest.every((dv) => dv.every((x, m) => Math.abs(x - first![m]!) <= 1e-10 * size));
  return { choice: alike ? { kind: 'realized', chosen: kept[0]! } : choice, dependent };
}

/**
 * Smirnov's iteration for an impact on support pairs: load (the realized
 * variant at the current velocity), rebound (eᵢ times each pair's impulse,
 * eᵢ of the side it pressed), repeat until ‖Δv‖_M ≤ tolerance·‖v⁻‖_M.
 * Returns each step's impulses and velocity change, their sum, and the
 * status: converged, not-converged (maxIterations), self-locking (a step
 * with no admissible variant, or only ones whose determinant changes sign
 * as friction → 0), undecided (several admissible variants keep their sign).
 */
export function impulseIteration(problem: ImpulseProblem, options: ImpulseOptions = {}): ImpulseResult {
  const { tolerance = 1e-10, maxIterations = 10000 } = options;
  const pr = prepare(problem);
  const v = Float64Array.from(problem.velocity);
  const kinetic = (x: ArrayLike<number>): number => {
    const Mx = problem.mass.map((r) => dot(r, x));
    return Math.sqrt(Math.max(dot(Mx, x), 0));
  };
  const stop = tolerance * kinetic(v);
  const total = new Float64Array(pr.n);
  const steps: ImpulseStep[] = [];
  const result = (status: ImpulseStatus, choice?: OptionChoice<Combination>, dependent?: boolean): ImpulseResult => ({
    status,
    steps,
    iterations: steps.length,
    velocityChange: [...total],
    velocity: [...v],
    ...(choice ? { choice, dependent: !!dependent } : {}),
  });
  for (let k = 0; k < maxIterations; k++) {
    const { choice, dependent } = loadingStep(pr, problem.pairs, v);
    if (choice.kind === 'undecided') return result('undecided', choice, dependent);
    if (choice.kind !== 'realized' && choice.kind !== 'indeterminate') return result('self-locking', choice, dependent);
    const { bearing, normal, tangential } = choice.chosen.value;
    const dv = velocityChange(pr, problem.pairs, choice.chosen.value);
    for (let m = 0; m < pr.n; m++) {
      v[m] += dv[m]!;
      total[m] += dv[m]!;
    }
    steps.push({ variant: bearing, normal, tangential, velocityChange: [...dv] });
    if (kinetic(dv) <= stop) return result('converged');
  }
  return result('not-converged');
}
