// kozlov1988 §3 shown: the speed of the report's own simulation at its
// impacts against the averaged law v(t) = u / cos α(t) the derivation gives
// (the fact impact{i}.{m}.averaged.speed, src/derive/motion/averaged.ts),
// with the law's t* (….averaged.sliding) and the simulated accumulation
// point (the rest event that ends the impacts). The law is started at t = 0
// with the tangential and normal speeds u, w of the first impact: between
// impacts the speed is constant, so these are the speeds at t = 0 too
// (u tangential, w = ḟ⁻/√(∂f M⁻¹ ∂fᵀ) normal, both in the M-norm).
// The law is first order in 1 − e: the model is simulated again at
// e = 0.9, 0.95, 0.99 from the same state, and the relative gap between
// t* and the accumulation point falls with 1 − e (about (1 − e)/2).
// Tests: test/studies/averaged-speed.test.ts.
import { evaluate } from '../core/evaluate.js';
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
  /** The first impact's tangential and normal speeds, the law's u and w at t = 0. */
  readonly u: number;
  readonly w: number;
  /** The law v(t) on samples from 0 to its t*. */
  readonly t: readonly number[];
  readonly law: readonly number[];
  /** The law's t*, where v reaches u. */
  readonly tStar: number;
  /** The simulation's accumulation point: the time of the rest that ends the impacts (NaN if none). */
  readonly accumulation: number;
  /** The simulation's end. */
  readonly t1: number;
  /** The law's t* and the simulated accumulation point at restitutions nearer 1, the other parameters at their defaults; none where e is no parameter. */
  readonly convergence: readonly { readonly e: number; readonly tStar: number; readonly accumulation: number }[];
}

/**
 * The restitutions of the convergence check, 1 − e = 0.1, 0.05, 0.01: a
 * factor 10 in 1 − e is enough to show the first order, and impacts grow
 * like 1/(1 − e) (e = 0.999 took 11 594, several seconds of every build).
 */
const RESTITUTIONS = [0.9, 0.95, 0.99];

/** Samples of the law's curve. */
const SAMPLES = 201;

/** The averaged law's speed and t* of the derivation against the simulation `tr` of `module` (the report's, at the defaults). */
export function averagedSpeedStudy(system: DerivedSystem, module: LoadedModule, tr: Trajectory): AveragedSpeedStudy {
  const name = system.model.name;
  const facts = derivedFacts(system);
  const key = [...facts.keys()].find((k) => k.endsWith('.averaged.speed'));
  const speed = key && facts.get(key);
  const sliding = key && facts.get(key.replace(/speed$/, 'sliding'));
  if (!speed || !sliding)
    throw new MechanicsError('bad-argument', 'model', `${name}: 'averaged-speed' draws the averaged law of kozlov1988 §3, which this model does not derive`, {
      model: name,
      field: 'paper.studyFigures',
    });
  const p = Object.fromEntries(module.model.parameters.map((x) => [x.name, x.default]));
  const norm = (t: number, q: readonly number[], qd: readonly number[]): number => {
    const M = module.massMatrix(t, q, p);
    const n = qd.length;
    let s = 0;
    for (let i = 0; i < n; i++) for (let k = 0; k < n; k++) s += qd[i]! * M[i * n + k]! * qd[k]!;
    return Math.sqrt(s);
  };
  const hits = tr.events.filter((e) => e.type === 'impact' && e.qdPlus);
  const first = hits[0];
  if (!first || !module.gapJacobian)
    throw new MechanicsError('bad-argument', 'model', `${name}: the simulation has no impact to start the averaged law from`, { model: name });
  // The normal speed in the M-norm, with M⁻¹ of the two coordinates the averaged motion has.
  const [a, b, , d] = module.massMatrix(first.t, first.q, p);
  const det = a! * d! - b! * b!;
  const [g0, g1] = module.gapJacobian(first.t, first.q, p);
  const k = (d! * g0! * g0! - 2 * b! * g0! * g1! + a! * g1! * g1!) / det;
  const w = (g0! * first.qd[0]! + g1! * first.qd[1]!) / Math.sqrt(k);
  const v0 = norm(first.t, first.q, first.qd);
  const u = Math.sqrt(v0 * v0 - w * w);
  const env = (t: number): Record<string, number> => ({ ...p, u, w, [TIME]: t });
  const tStar = evaluate(sliding, env(0));
  const t = Array.from({ length: SAMPLES }, (_, i) => (tStar * i) / (SAMPLES - 1));
  const rest = tr.events.find((e) => e.type === 'rest');
  // Simulated past each t* by a fifth of it: the accumulation precedes t* by about (1 − e)/2 of it.
  const restitution = system.unilateral?.contacts[0]?.restitution;
  const e = restitution?.kind === 'sym' && restitution.name in p ? restitution.name : undefined;
  const { q0, qd0 } = module.model.initial;
  const convergence = e
    ? RESTITUTIONS.map((value) => {
        const at = { ...p, [e]: value };
        const tStarAt = evaluate(sliding, { ...at, u, w, [TIME]: 0 });
        const run = simulate(module, { q0, qd0, t1: 1.2 * tStarAt, samples: 11, rtol: 1e-8, atol: 1e-10, params: at });
        return { e: value, tStar: tStarAt, accumulation: run.events.find((x) => x.type === 'rest')?.t ?? NaN };
      })
    : [];
  return {
    impacts: hits.map((e) => ({ t: e.t, v: norm(e.t, e.q, e.qdPlus!) })),
    v0,
    u,
    w,
    t,
    law: t.map((s) => evaluate(speed, env(s))),
    tStar,
    accumulation: rest?.t ?? NaN,
    t1: tr.t.at(-1) ?? tStar,
    convergence,
  };
}
