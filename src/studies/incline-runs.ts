// kuleshov2011 §2's stages on an incline, run: the model from its initial
// state at each declared set of parameters (the incline α on either side of
// (2.3), 0 ≤ tan α < 3λ), with the contact patch's slip and its tangential
// speed at every sample. Where the slip stops (patch-history.ts), the disk
// rolls and its speed tends to a limit, extrapolated by Aitken's Δ² from the
// run's last three quarter-points after the stop (exact for the exponential
// approach of (12.3) linear in the speed), set beside the derived steady speed
// (12.5); where it never stops, its rate over the run's last half beside the
// derived rate at rest depth (11.2). The derived values are evaluated here at
// each run's parameters; the report only prints them.
// Tests: test/studies/incline-runs.test.ts.
import { evaluator } from '../core/evaluate.js';
import { defaultsEnv } from '../derive/friction/supports.js';
import type { DerivedSystem } from '../derive/system.js';
import type { InclineRunSpec } from '../model/spec.js';
import type { LoadedModule } from '../runtime/contract.js';
import { simulate } from '../runtime/hybrid/simulate.js';
import { patchHistories } from './patch-history.js';
import { aitken } from './restitution.js';

export interface InclineRun {
  /** The parameters of the run (the others at their defaults). */
  readonly params: Readonly<Record<string, number>>;
  readonly t: readonly number[];
  /** The patch law's tangential speed (uₓ = ẋ for the disk) and the contact point's slip at each sample. */
  readonly speed: readonly number[];
  readonly slip: readonly number[];
  /** The friction sign σ* that holds the slip at zero at rest depth: the slip stops iff |σ*| < 1 ((2.3)). */
  readonly holding: number;
  /** When the slip stops for good, if it does. */
  readonly stop?: number;
  /**
   * Rolling after the stop: the speed at the run's end, its limit (Aitken's Δ² at the end and one and two quarters
   * of the rolling before it), the time constant of that approach, and the derived steady speed (12.5).
   */
  readonly rolling?: { readonly last: number; readonly limit: number; readonly timeConstant: number; readonly steady: number };
  /** Sliding to the end: the slip's rate over the run's last half, and the derived rate at rest depth (11.2) at the end's slip. */
  readonly sliding?: { readonly rate: number; readonly derived: number };
}

export interface InclineRunsStudy {
  readonly patch: string;
  /** The velocity the speed is (x′). */
  readonly velocity: string;
  readonly runs: readonly InclineRun[];
}

/** Samples of each run: some 30 per time constant of the rolling at the defaults over 25 s. */
const SAMPLES = 801;

/** The runs on the model's first patch with friction that rolls at rest depth; undefined without one. */
export function inclineRunsStudy(system: DerivedSystem, module: LoadedModule, runs: readonly InclineRunSpec[]): InclineRunsStudy | undefined {
  const term = system.patches?.terms.find((t) => t.slipping?.rolling?.steady && t.slipping.holding && t.slipping.stopTime);
  const slipping = term?.slipping;
  const rolling = slipping?.rolling;
  if (!term || !slipping?.holding || !slipping.stopTime || !rolling?.steady) return undefined;
  const velocity = term.contact.state.get(rolling.velocity)!;
  const cs = system.model.coordinates;
  const { q0, qd0 } = module.model.initial;
  return {
    patch: term.name,
    velocity: velocity.kind === 'sym' ? velocity.name : rolling.velocity,
    runs: runs.map(({ params, t1 }): InclineRun => {
      const run = simulate(module, { q0, qd0, t1, samples: SAMPLES, rtol: 1e-10, atol: 1e-12, params });
      const at = (k: number) =>
        evaluator({
          ...defaultsEnv(system.model),
          ...params,
          t: run.t[k]!,
          ...Object.fromEntries(cs.flatMap((c, i) => [[c.name, run.q[k]![i]!] as const, [c.qd.name, run.qd[k]![i]!] as const])),
        });
      const speed = run.t.map((_, k) => at(k)(velocity));
      const history = patchHistories(system, run, params).find((h) => h.name === term.name)!;
      const end = run.t.length - 1;
      const stop = history.stop?.time;
      const rollingPart = (): InclineRun['rolling'] => {
        // The end and one and two quarters of the rolling before it, on the samples.
        const from = run.t.findIndex((t) => t >= stop!);
        const step = Math.floor((end - from) / 4);
        const three = [end - 2 * step, end - step, end].map((k) => speed[k]!);
        const [d1, d2] = [three[1]! - three[0]!, three[2]! - three[1]!];
        return {
          last: speed[end]!,
          limit: aitken(three),
          timeConstant: (run.t[end]! - run.t[end - step]!) / Math.log(d1 / d2),
          steady: at(end)(rolling.steady!),
        };
      };
      const slidingPart = (): InclineRun['sliding'] => {
        const half = run.t.findIndex((t) => t >= t1 / 2);
        const s = history.slip;
        return { rate: (s[end]! - s[half]!) / (run.t[end]! - run.t[half]!), derived: -s[end]! / at(end)(slipping.stopTime!) };
      };
      return {
        params,
        t: run.t,
        speed,
        slip: history.slip,
        holding: at(0)(slipping.holding!),
        ...(stop !== undefined ? { stop, rolling: rollingPart() } : { sliding: slidingPart() }),
      };
    }),
  };
}
