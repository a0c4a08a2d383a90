// Hinges with journal friction from a model (Smirnov's examples 3 and 4,
// smirnov1981 §2): the data of journal.ts's equations (★) — the pin rows J
// (the two holonomic constraints that make the hinge, Cartesian components
// of the pin), their acceleration bias, the moment row w = ∂θ/∂q of the
// joint angle — symbolically, and evaluated at the model's initial state and
// default parameters: the n-gon journal (2.4) for growing n against the
// iteration (2.6) from f_r = 0, and the self-locking threshold of f_r —
// and, in closed form, the n-gon's determinant Δᵢ of (2.4), the threshold
// f_r* of (2.5) and the zone in which the joint stays at rest (§2's rest rule).
import { add, cos, dependsOn, fn, HALF, mul, neg, num, pow, sin, sqrt, sub, sym, ZERO, type Expr, type Sym } from '../../core/expr.js';
import { cancel } from '../../core/cancel.js';
import { diff } from '../../core/diff.js';
import { subs } from '../../core/subs.js';
import { sumToProduct } from '../../core/sum-to-product.js';
import { collectFactors } from '../../core/factor.js';
import { evaluate, type Env } from '../../core/evaluate.js';
import { simplify } from '../../core/trig.js';
import type { Hinge, Model } from '../../model/model.js';
import {
  axesContraction,
  axesJournal,
  journalSelfLocking,
  polygonCriticalReduced,
  polygonJournal,
  type AxesContraction,
  type HingeState,
  type Journal,
} from './journal.js';
import type { Lagrange2 } from '../lagrange/lagrange2.js';
import type { RetainingConstraints } from '../lagrange/lagrange1.js';
import { solveSmall } from '../matrix.js';
import { assumptionDomain, parameterAssumptions } from '../proofs/assumptions.js';
import { factorize, signOn } from '../proofs/sign.js';
import { signSquaresOne } from './sliding-sign.js';

/** One row of the convergence table: the joint's angular acceleration with an n-gon journal. */
export interface NgonRow {
  readonly n: number;
  /** θ̈ = w·q̈ with the n-gon (2.4); NaN where no pair of vertices is realized. */
  readonly acceleration: number;
  /** |θ̈ₙ − θ̈ of (2.6)|. */
  readonly error: number;
  /**
   * (Nᵢ + Nᵢ₊₁)/|N| of the realized pair: the n-gon's friction moment f_r r (Nᵢ + Nᵢ₊₁) over the round journal's
   * f_r r |N|, between 1 (the load through a vertex) and 1/cos(π/n) (through the pair's midpoint); NaN where none is realized.
   */
  readonly share: number;
  /** 1/cos(π/n), the largest share. */
  readonly shareBound: number;
  /** The f_r at which a Δₖ of the n-gon first vanishes. */
  readonly critical: number;
  /** f_r* cos(π/n), the least it can be (HingeClosedForm.polygonCritical). */
  readonly bound: number;
}

export interface HingeDerivation {
  readonly hinge: Hinge;
  /** J: the pin constraints' gradients (2×n). */
  readonly rows: readonly [readonly Expr[], readonly Expr[]];
  /** w = ∂θ/∂q. */
  readonly moment: readonly Expr[];
  /** ẇ q̇, so that θ̈ = w q̈ + ẇ q̇ (0 where w is constant). */
  readonly momentBias: Expr;
  /** In closed form, where M, J and w allow it (M and J M⁻¹Jᵀ regular). */
  readonly closed?: HingeClosedForm;
  /** At the initial state and default parameters (absent when the joint does not turn there: no friction acts). */
  readonly atInitial?: {
    readonly journal: Journal;
    /**
     * θ̈ of (2.6) by iteration from f_r = 0, with its linear solves, and the reaction N there (signed, along the
     * pin rows' axes: the paper's (−1)^i N_ij1, (−1)^j N_ij2 of (2.6)).
     */
    readonly limit: {
      readonly acceleration: number;
      readonly reaction: readonly [number, number];
      readonly iterations: number;
      readonly status: 'converged' | 'not-converged';
    };
    readonly table: readonly NgonRow[];
    /** f_r* of the round journal: self-locking for f_r ≥ f_r* (2.5). */
    readonly critical: number;
    /** The iteration (2.6) as a map of |N|: the f_r below which it contracts, and runs either side of it. */
    readonly contraction: AxesContraction;
  };
}

/**
 * The journal's results in closed form (smirnov1981 (2.4), (2.5)), in the
 * reactions' own scale: (★) multiplied by (J M⁻¹Jᵀ)⁻¹, so that a support of
 * unit normal u enters as the force u + f σ J₉₀u it puts on the pin, and the
 * friction moment as f_r r σ p per unit reaction, p = (J M⁻¹Jᵀ)⁻¹ J M⁻¹w
 * (for the pendulum p = (m l/I)(sin φ, −cos φ): the paper's centre-of-mass
 * equations with φ̈ substituted). σ = sgn θ̇.
 */
export interface HingeClosedForm {
  /** Δᵢ: the determinant of (2.4) for the n-gon bearing on vertices i, i+1 at θ + 2πi/n, θ + 2π(i+1)/n. */
  readonly polygonDet: Expr;
  /** The free symbols n (sides) and i (vertex pair) of Δᵢ. */
  readonly sides: Sym;
  readonly vertex: Sym;
  /** f_r* = √(1 + f²)/(r |p|): self-locking is possible for f_r ≥ f_r* (2.5). */
  readonly critical: Expr;
  /**
   * The f_r at which Δᵢ vanishes (Δᵢ is affine in f_r), and its ratio to f_r*: cos(π/n) times √(1 + f²) over
   * the moment's share at the pair's midpoint, which is at most √(1 + f²); so the least positive root over i
   * lies in [f_r* cos(π/n), f_r*], below (2.5) for a finite n unless the midpoint is where the share is largest.
   */
  readonly polygonCritical: { readonly value: Expr; readonly ratio: Expr };
  /** The joint at rest, where the pins leave it the only freedom (HingeRest). */
  readonly rest?: HingeRest;
}

/**
 * The joint held at rest (q̇ = 0, q̈ = 0: the pins leave only the joint angle free): h + Jᵀλ + wᵀμ = 0 gives the
 * moment μ the bearing supplies and the pin's reaction |R| = |λ|. Friction holds the joint while
 * |μ| ≤ f_r r |R|/√(1 + f²) (the runtime's margin, contact/hinges.ts; smirnov1981 §2: rest persists while the
 * load is within the friction bound, and started from rest the joint turns with the load's sign).
 */
export interface HingeRest {
  readonly moment: Expr;
  readonly reaction: Expr;
  /** Where μ = c sin θ with c free of q: the zone |θ| ≤ asin(f_r r |R|/(√(1 + f²)|c|)) in which the joint stays at rest. */
  readonly zone?: Expr;
}

const SIDES = [3, 4, 6, 8, 12, 24, 48, 96] as const;

/** |p| = √(p₁² + p₂²), as √(q²) = q where p₁² + p₂² is a product of even powers of bases positive under the model's assumptions. */
function length(model: Model, p: readonly Expr[]): Expr {
  const square = simplify(cancel(add(...p.map((x) => pow(x, 2)))));
  const { coeff, factors } = factorize(square);
  const domain = assumptionDomain(parameterAssumptions(model));
  const root = Math.sqrt(coeff.n / coeff.d);
  const even = factors.every((x) => x.exp.kind === 'num' && x.exp.value.d === 1 && x.exp.value.n % 2 === 0 && signOn(x.base, domain) === 'positive');
  if (!even || !Number.isInteger(root) || !Number.isInteger(Math.sqrt(coeff.d))) return sqrt(square);
  return mul(num(Math.sqrt(coeff.n)), num(1 / Math.sqrt(coeff.d)), ...factors.map((x) => pow(x.base, mul(HALF, x.exp))));
}

/** Δᵢ and f_r* in closed form from the symbolic M, J (2×n) and w; undefined where M or J M⁻¹Jᵀ is singular. */
function closedForm(
  model: Model,
  hinge: Hinge,
  forcing: readonly Expr[],
  M: readonly (readonly Expr[])[],
  J: readonly [readonly Expr[], readonly Expr[]],
  w: readonly Expr[],
): HingeClosedForm | undefined {
  const dot = (a: readonly Expr[], b: readonly Expr[]): Expr => simplify(add(...a.map((x, k) => mul(x, b[k]!))));
  const minvJ = J.map((row) => solveSmall(M, row)?.x);
  const minvW = solveSmall(M, w)?.x;
  if (!minvW || minvJ.some((x) => !x)) return undefined;
  const A = J.map((row) => minvJ.map((x) => dot(row, x!)));
  const p = solveSmall(
    A,
    J.map((row) => dot(row, minvW)),
  )?.x.map((x) => simplify(cancel(x)));
  if (!p) return undefined;
  const sigma = fn(
    'sign',
    dot(
      w,
      model.coordinates.map((c) => c.qd),
    ),
  );
  const { friction: f, reduced: fr, radius: r } = hinge;
  const [n, i] = [sym('n'), sym('i')];
  // The force of a vertex at α on the pin, per unit reaction, with the moment's share: (cos α − fσ sin α, sin α + fσ cos α) + f_r r σ p.
  const column = (k: Expr): Expr[] => {
    const alpha = add(hinge.angle, mul(num(2), sym('pi'), k, pow(n, -1)));
    const moment = (c: number): Expr => mul(fr, r, sigma, p[c]!);
    return [add(cos(alpha), neg(mul(f, sigma, sin(alpha))), moment(0)), add(sin(alpha), mul(f, sigma, cos(alpha)), moment(1))];
  };
  const [a, b] = [column(i), column(add(i, num(1)))];
  // The two vertices' sines and cosines joined at their midpoint, Δᵢ = 2 sin(π/n)(…): the paper's form of (2.4).
  const polygonDet = collectFactors(sumToProduct(signSquaresOne(simplify(sub(mul(a[0]!, b[1]!), mul(a[1]!, b[0]!))), [sigma])));
  const critical = collectFactors(cancel(simplify(mul(sqrt(add(num(1), pow(f, 2))), pow(mul(r, length(model, p)), -1)))));
  // Δᵢ = Δᵢ|_{f_r = 0} + f_r ∂Δᵢ/∂f_r: its root in f_r.
  const root = (e: Expr): Expr => collectFactors(cancel(simplify(e)));
  const value = root(mul(neg(subs(polygonDet, new Map([[fr.name, num(0)]]))), pow(diff(polygonDet, fr.name), -1)));
  const rest = restForm(model, hinge, forcing, J, w);
  return {
    polygonDet,
    sides: n,
    vertex: i,
    critical,
    polygonCritical: { value, ratio: root(mul(value, pow(critical, -1))) },
    ...(rest ? { rest } : {}),
  };
}

/** HingeRest from the forcing h, the pin rows J and the moment row w; undefined unless the pins leave the joint the only freedom. */
function restForm(
  model: Model,
  hinge: Hinge,
  forcing: readonly Expr[],
  J: readonly [readonly Expr[], readonly Expr[]],
  w: readonly Expr[],
): HingeRest | undefined {
  const cs = model.coordinates;
  if (cs.length !== 3) return undefined;
  const still = new Map(cs.map((c) => [c.qd.name, ZERO as Expr]));
  const x = solveSmall(
    cs.map((_, k) => [J[0][k]!, J[1][k]!, w[k]!]),
    forcing.map((h) => neg(subs(h, still))),
  )?.x.map((e) => simplify(cancel(e)));
  if (!x) return undefined;
  const [l1, l2, moment] = x as [Expr, Expr, Expr];
  const reaction = length(model, [l1, l2]);
  const { friction: f, reduced: fr, radius: r } = hinge;
  const c = simplify(cancel(mul(moment, pow(sin(hinge.angle), -1))));
  const free = !cs.some((q) => dependsOn(c, q.q.name));
  const bound = mul(fr, r, reaction, pow(mul(sqrt(add(num(1), pow(f, 2))), length(model, [c])), -1));
  return { moment, reaction, ...(free ? { zone: fn('asin', collectFactors(cancel(simplify(bound)))) } : {}) };
}

export function deriveHinges(model: Model, l2: Lagrange2, constraints: RetainingConstraints | undefined): HingeDerivation[] {
  if (!constraints || model.hinges.length === 0) return [];
  const cs = model.coordinates;
  const env: Env = {
    ...Object.fromEntries(model.parameters.map((p) => [p.name, p.default])),
    ...Object.fromEntries(
      cs.flatMap((c, i) => [
        [c.name, model.initial.q0[i]!],
        [c.qd.name, model.initial.qd0[i]!],
      ]),
    ),
    t: 0,
  };
  const num = (e: Expr): number => evaluate(e, env);
  return model.hinges.map((hinge) => {
    const [a, b] = hinge.constraints.map((k) => constraints.names.indexOf(model.holonomic[k]!.name)) as [number, number];
    const rows: [Expr[], Expr[]] = [[...constraints.A[a]!], [...constraints.A[b]!]];
    const moment = cs.map((c) => simplify(diff(hinge.angle, c.q.name)));
    const momentBias = simplify(add(...cs.flatMap((c) => moment.map((w, k) => mul(diff(w, c.q.name), c.qd, cs[k]!.qd)))));
    const state: HingeState = {
      mass: l2.massMatrix.map((r) => r.map(num)),
      force: l2.forcing.map(num),
      rows: [rows[0].map(num), rows[1].map(num)],
      bias: [num(neg(constraints.bias[a]!)), num(neg(constraints.bias[b]!))],
      moment: moment.map(num),
      rate: moment.reduce((s, w, i) => s + num(w) * model.initial.qd0[i]!, 0),
      angle: num(hinge.angle),
    };
    const closed = closedForm(model, hinge, l2.forcing, l2.massMatrix, rows, moment);
    const base = { hinge, rows, moment, momentBias, ...(closed ? { closed } : {}) };
    if (state.rate === 0) return base;
    const journal: Journal = { radius: num(hinge.radius), friction: num(hinge.friction), reduced: num(hinge.reduced) };
    const angular = (q: readonly number[]): number => state.moment.reduce((s, w, i) => s + w * q[i]!, 0);
    const axes = axesJournal(state, journal);
    const limit = angular(axes.motion.accelerations);
    const critical = journalSelfLocking(state, journal).critical;
    const table = SIDES.map((n): NgonRow => {
      const { motion, choice } = polygonJournal(state, journal, n);
      const acceleration = motion ? angular(motion.accelerations) : NaN;
      const pair = motion && 'chosen' in choice ? choice.chosen.value.reactions : undefined;
      return {
        n,
        acceleration,
        error: Math.abs(acceleration - limit),
        share: pair && motion ? (pair[0] + pair[1]) / Math.hypot(...motion.normal) : NaN,
        shareBound: 1 / Math.cos(Math.PI / n),
        critical: polygonCriticalReduced(state, journal, n),
        bound: critical * Math.cos(Math.PI / n),
      };
    });
    return {
      ...base,
      atInitial: {
        journal,
        limit: { acceleration: limit, reaction: axes.motion.normal, iterations: axes.iterations, status: axes.status },
        table,
        critical,
        contraction: axesContraction(state, journal),
      },
    };
  });
}
