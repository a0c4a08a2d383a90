// kozlov1988 §3 shown: the speed of the report's own simulation at its
// impacts against the averaged law v(t) = u / cos α(t) the derivation gives
// (the fact impact{i}.{m}.averaged.speed, src/derive/motion/averaged.ts),
// with the law's t* (….averaged.sliding) and the simulated accumulation
// point (the rest event that ends the impacts). The law's clock starts at
// the first impact, t₀, with the tangential speed u and the normal velocity
// w < 0 the point strikes it with (w = ḟ⁻/√(∂f M⁻¹ ∂fᵀ), both in the M-norm;
// it leaves with −ew): the law holds from an impact, and the initial state
// lies mid-chord, t₀ before it.
// The law is first order in 1 − e: the model is simulated again at
// e = 0.9, 0.95, 0.99 from the same state; the gap between t* and the
// accumulation point stays bounded while t* − t₀ grows like 1/(1 − e), so
// the relative gap (t* − t*_sim)/(t* − t₀) falls in proportion to 1 − e.
// Tests: test/studies/averaged-speed.test.ts.
import { cancel } from '../core/cancel.js';
import { evaluate } from '../core/evaluate.js';
import { num, sub, ZERO, type Expr } from '../core/expr.js';
import { subs } from '../core/subs.js';
import { simplify } from '../core/trig.js';
import { derivedFacts } from '../derive/paper-results.js';
import type { DerivedSystem } from '../derive/system.js';
import { MechanicsError } from '../errors.js';
import { TIME } from '../model/names.js';
import type { LoadedModule } from '../runtime/contract.js';
import { simulate } from '../runtime/hybrid/simulate.js';
import type { Trajectory } from '../runtime/hybrid/trajectory.js';

export interface AveragedSpeedStudy {
  /** The speed √(q̇ᵀMq̇) after each impact of the simulation, and when. */
  readonly impacts: readonly { readonly t: number; readonly v: number }[];
  /** The speed at the start, before the first impact. */
  readonly v0: number;
  /** The first impact, where the law's clock starts. */
  readonly t0: number;
  /** The tangential speed and the normal velocity (w < 0) the point strikes the first impact with, the law's u and w at t₀. */
  readonly u: number;
  readonly w: number;
  /** The angle α₁ of the velocity to the tangent after the first impact, where the law starts. */
  readonly alpha1: number;
  /**
   * The law's derivation, facts of the derivation in u and w: the impact's loss ΔT, the chord's time τ, the mean rate
   * −ΔT/τ to first order in e − 1 (Ṫ = v v̇), the law v̇ in v, the symbol α₁ with its value, v(t) and t*.
   */
  readonly steps: {
    readonly loss: Expr;
    readonly chord: Expr;
    readonly mean: Expr;
    readonly speedLaw: Expr;
    readonly start: Expr;
    readonly startValue: Expr;
    readonly speed: Expr;
    readonly sliding: Expr;
  };
  /** The law v(t) on samples from t₀ to its t*. */
  readonly t: readonly number[];
  readonly law: readonly number[];
  /** The law's t*, where v reaches u. */
  readonly tStar: number;
  /**
   * kozlov1988 §3's sufficient time as the paper prints it (the t* row's `printed`, 2R/[u(1 − e)] in u and the
   * parameters), its value at the first impact's u, and whether it is the law's t* − t₀ at α₁ = 1 (its difference
   * from it simplifies to 0), so that t* − t₀ stays below it iff α₁ ≤ 1; absent without that row.
   */
  readonly paperBound?: { readonly expr: Expr; readonly value: number; readonly atUnitAngle: boolean };
  /** The simulation's accumulation point: the time of the rest that ends the impacts (NaN if none). */
  readonly accumulation: number;
  /** The simulation's end. */
  readonly t1: number;
  /** The law's t* and the simulated accumulation point at restitutions nearer 1, the other parameters at their defaults; none where e is no parameter. */
  readonly convergence: readonly {
    readonly e: number;
    readonly tStar: number;
    readonly accumulation: number;
    readonly gap: number;
    readonly relativeGap: number;
    /**
     * The gap the discreteness of the impacts predicts: tan α falls by the factor e per chord, and the chords' times
     * summed are the law's integral with the step ln(1/e) for 1 − e, plus half the first chord τ₁ (Euler–Maclaurin):
     * (t* − t₀)[1 − (1 − e)/ln(1/e)] − τ₁/2, of the order of a chord as e → 1.
     */
    readonly predicted: number;
  }[];
}

/**
 * The restitutions of the convergence check, 1 − e = 0.1, 0.05, 0.01: a
 * factor 10 in 1 − e is enough to show the first order, and impacts grow
 * like 1/(1 − e) (e = 0.999 took 11 594, several seconds of every build).
 */
const RESTITUTIONS = [0.9, 0.95, 0.99];

/** Samples of the law's curve. */
const SAMPLES = 201;

/**
 * The averaged law's speed and t* of the derivation against the simulation `tr` of `module` (the report's, at the
 * defaults), and against the paper's sufficient time `printed` as typed from the paper, where the model declares it.
 */
export function averagedSpeedStudy(system: DerivedSystem, module: LoadedModule, tr: Trajectory, printed?: Expr): AveragedSpeedStudy {
  const name = system.model.name;
  const facts = derivedFacts(system);
  const key = [...facts.keys()].find((k) => k.endsWith('.averaged.speed'));
  const speed = key && facts.get(key);
  const sliding = key && facts.get(key.replace(/speed$/, 'sliding'));
  const start = key && facts.get(key.replace(/speed$/, 'start.value'));
  const startSymbol = key ? facts.get(key.replace(/speed$/, 'start')) : undefined;
  if (!speed || !sliding || !start || startSymbol?.kind !== 'sym')
    throw new MechanicsError('bad-argument', 'model', `${name}: 'averaged-speed' draws the averaged law of kozlov1988 §3, which this model does not derive`, {
      model: name,
      field: 'paper.studyFigures',
    });
  const step = (part: string): Expr => {
    const e = facts.get(key.replace(/speed$/, part));
    if (!e) throw new MechanicsError('bad-argument', 'model', `${name}: the derivation has no fact '${part}' of the averaged law`, { model: name });
    return e;
  };
  const p = Object.fromEntries(module.model.parameters.map((x) => [x.name, x.default]));
  const norm = (t: number, q: readonly number[], qd: readonly number[], at: Record<string, number> = p): number => {
    const M = module.massMatrix(t, q, at);
    const n = qd.length;
    let s = 0;
    for (let i = 0; i < n; i++) for (let k = 0; k < n; k++) s += qd[i]! * M[i * n + k]! * qd[k]!;
    return Math.sqrt(s);
  };
  type Impact = Trajectory['events'][number];
  const gapJacobian = module.gapJacobian;
  if (!gapJacobian) throw new MechanicsError('bad-argument', 'model', `${name}: the model has no contact to start the averaged law from`, { model: name });
  /** The time of a run's first impact and the speed u, normal velocity w the point strikes it with, at parameters `at`. */
  const anchor = (events: readonly Impact[], at: Record<string, number>): { t0: number; u: number; w: number } => {
    const first = events.find((e) => e.type === 'impact' && e.qdPlus);
    if (!first) throw new MechanicsError('bad-argument', 'model', `${name}: the simulation has no impact to start the averaged law from`, { model: name });
    // The normal speed in the M-norm, with M⁻¹ of the two coordinates the averaged motion has.
    const [a, b, , d] = module.massMatrix(first.t, first.q, at);
    const [g0, g1] = gapJacobian(first.t, first.q, at);
    const k = (d! * g0! * g0! - 2 * b! * g0! * g1! + a! * g1! * g1!) / (a! * d! - b! * b!);
    const qd = first.qd;
    const w = (g0! * qd[0]! + g1! * qd[1]!) / Math.sqrt(k);
    const v = norm(first.t, first.q, qd, at);
    return { t0: first.t, u: Math.sqrt(v * v - w * w), w };
  };
  const hits = tr.events.filter((e) => e.type === 'impact' && e.qdPlus);
  const { t0, u, w } = anchor(tr.events, p);
  // α₁, the angle the law starts from: its value at the anchor's u, w and the parameters (the fact .start.value).
  const angle = (at: Record<string, number>): number => evaluate(start, at);
  const alpha1 = angle({ ...p, u, w });
  const env = (t: number): Record<string, number> => ({ ...p, u, w, [startSymbol.name]: alpha1, [TIME]: t - t0 });
  const tStar = t0 + evaluate(sliding, env(t0));
  const atUnitAngle = (bound: Expr): boolean => simplify(cancel(sub(bound, subs(sliding, new Map([[startSymbol.name, num(1)]]))))) === ZERO;
  const paperBound = printed && { expr: printed, value: evaluate(printed, env(t0)), atUnitAngle: atUnitAngle(printed) };
  const t = Array.from({ length: SAMPLES }, (_, i) => t0 + ((tStar - t0) * i) / (SAMPLES - 1));
  const rest = tr.events.find((e) => e.type === 'rest');
  // Simulated past each t* by a fifth of it: the accumulation precedes t* by a bounded time.
  const restitution = system.unilateral?.contacts[0]?.restitution;
  const e = restitution?.kind === 'sym' && restitution.name in p ? restitution.name : undefined;
  const { q0, qd0 } = module.model.initial;
  const convergence = e
    ? RESTITUTIONS.map((value) => {
        const at = { ...p, [e]: value };
        // The law's duration at this e, from a first run to the first impact: u and w after it depend on e.
        const first = anchor(simulate(module, { q0, qd0, t1: 2 * t0, samples: 3, rtol: 1e-8, atol: 1e-10, params: at }).events, at);
        const tStarAt = first.t0 + evaluate(sliding, { ...at, u: first.u, w: first.w, [startSymbol.name]: angle({ ...at, ...first }), [TIME]: 0 });
        const run = simulate(module, { q0, qd0, t1: 1.2 * tStarAt, samples: 11, rtol: 1e-8, atol: 1e-10, params: at });
        const accumulation = run.events.find((x) => x.type === 'rest')?.t ?? NaN;
        const [t0At, t1At] = run.events.filter((x) => x.type === 'impact').map((x) => x.t);
        const chord = t1At! - t0At!;
        const predicted = (tStarAt - first.t0) * (1 - (1 - value) / Math.log(1 / value)) - chord / 2;
        return { e: value, tStar: tStarAt, accumulation, gap: tStarAt - accumulation, relativeGap: (tStarAt - accumulation) / (tStarAt - first.t0), predicted };
      })
    : [];
  return {
    impacts: hits.map((e) => ({ t: e.t, v: norm(e.t, e.q, e.qdPlus!) })),
    v0: norm(tr.t[0] ?? 0, tr.q[0] ?? [], tr.qd[0] ?? []),
    t0,
    u,
    w,
    alpha1,
    steps: { loss: step('loss'), chord: step('chord'), mean: step('mean'), speedLaw: step('speedLaw'), start: startSymbol, startValue: start, speed, sliding },
    t,
    law: t.map((s) => evaluate(speed, env(s))),
    tStar,
    ...(paperBound ? { paperBound } : {}),
    accumulation: rest?.t ?? NaN,
    t1: tr.t.at(-1) ?? tStar,
    convergence,
  };
}
