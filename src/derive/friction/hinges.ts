// Hinges with journal friction from a model (Smirnov's examples 3 and 4,
// smirnov1981 §2): the data of journal.ts's equations (★) — the pin rows J
// (the two holonomic constraints that make the hinge, Cartesian components
// of the pin), their acceleration bias, the moment row w = ∂θ/∂q of the
// joint angle — symbolically, and evaluated at the model's initial state and
// default parameters: the n-gon journal (2.4) for growing n against the
// iteration (2.6) from f_r = 0, and the self-locking threshold of f_r.
import { neg, type Expr } from '../../core/expr.js';
import { diff } from '../../core/diff.js';
import { evaluate, type Env } from '../../core/evaluate.js';
import { simplify } from '../../core/trig.js';
import type { Hinge, Model } from '../../model/model.js';
import { axesJournal, journalSelfLocking, polygonCriticalReduced, polygonJournal, type HingeState, type Journal } from './journal.js';
import type { Lagrange2 } from '../lagrange/lagrange2.js';
import type { RetainingConstraints } from '../lagrange/lagrange1.js';

/** One row of the convergence table: the joint's angular acceleration with an n-gon journal. */
export interface NgonRow {
  readonly n: number;
  /** θ̈ = w·q̈ with the n-gon (2.4); NaN where no pair of vertices is realized. */
  readonly acceleration: number;
  /** |θ̈ₙ − θ̈ of (2.6)|. */
  readonly error: number;
  /** The f_r at which a Δₖ of the n-gon first vanishes. */
  readonly critical: number;
}

export interface HingeDerivation {
  readonly hinge: Hinge;
  /** J: the pin constraints' gradients (2×n). */
  readonly rows: readonly [readonly Expr[], readonly Expr[]];
  /** w = ∂θ/∂q. */
  readonly moment: readonly Expr[];
  /** At the initial state and default parameters (absent when the joint does not turn there: no friction acts). */
  readonly atInitial?: {
    readonly journal: Journal;
    /** θ̈ of (2.6) by iteration from f_r = 0, with its linear solves. */
    readonly limit: { readonly acceleration: number; readonly iterations: number; readonly status: 'converged' | 'not-converged' };
    readonly table: readonly NgonRow[];
    /** f_r* of the round journal: self-locking for f_r ≥ f_r* (2.5). */
    readonly critical: number;
  };
}

const SIDES = [3, 4, 6, 8, 12, 24, 48, 96] as const;

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
    const state: HingeState = {
      mass: l2.massMatrix.map((r) => r.map(num)),
      force: l2.forcing.map(num),
      rows: [rows[0].map(num), rows[1].map(num)],
      bias: [num(neg(constraints.bias[a]!)), num(neg(constraints.bias[b]!))],
      moment: moment.map(num),
      rate: moment.reduce((s, w, i) => s + num(w) * model.initial.qd0[i]!, 0),
      angle: num(hinge.angle),
    };
    const base = { hinge, rows, moment };
    if (state.rate === 0) return base;
    const journal: Journal = { radius: num(hinge.radius), friction: num(hinge.friction), reduced: num(hinge.reduced) };
    const angular = (q: readonly number[]): number => state.moment.reduce((s, w, i) => s + w * q[i]!, 0);
    const axes = axesJournal(state, journal);
    const limit = angular(axes.motion.accelerations);
    const table = SIDES.map((n): NgonRow => {
      const motion = polygonJournal(state, journal, n).motion;
      const acceleration = motion ? angular(motion.accelerations) : NaN;
      return { n, acceleration, error: Math.abs(acceleration - limit), critical: polygonCriticalReduced(state, journal, n) };
    });
    return {
      ...base,
      atInitial: {
        journal,
        limit: { acceleration: limit, iterations: axes.iterations, status: axes.status },
        table,
        critical: journalSelfLocking(state, journal).critical,
      },
    };
  });
}
