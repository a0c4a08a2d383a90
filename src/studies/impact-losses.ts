// The kinetic energy each impact of the report's simulation takes, T⁻ − T⁺
// (V is continuous), against Carnot's theorem for impacts after which every
// engaged contact is closed with zero normal (and, sticking, tangential)
// velocity: T⁻ − T⁺ = ½[q̇]ᵀM[q̇] with [q̇] = q̇⁺ − q̇⁻ (rubanovich1981
// (3.14)), since q̇⁺ᵀM[q̇] = (Rq̇⁺)ᵀΛ = 0. The loss is the kinetic energy of
// the velocity jump, > 0 whenever the velocities jump (M positive definite).
// For a walker every impact is a step, so these are the energy lost per step.
// Tests: test/studies/impact-losses.test.ts.
import type { LoadedModule } from '../runtime/contract.js';
import type { Trajectory } from '../runtime/hybrid/trajectory.js';

export interface ImpactLoss {
  readonly t: number;
  /** T⁻ − T⁺ from the module's energy. */
  readonly lost: number;
  /** ½[q̇]ᵀM[q̇] at the impact's configuration. */
  readonly carnot: number;
}

export interface ImpactLosses {
  readonly impacts: readonly ImpactLoss[];
  /** Whether every loss is Carnot's, to 1e-9 of the loss (plastic and sticking laws; a Newton law with e > 0 loses less). */
  readonly carnot: boolean;
}

/** Relative agreement at which a loss is Carnot's: far above the round-off of T (≈ 1e-15 T), far below any e > 0 (a loss (1 − e)/(1 + e) of it). */
const AGREE = 1e-9;

/** The losses of the impacts of a run at the default parameters (studies/motion.ts reportMotion); none without an energy or impacts. */
export function impactLosses(mod: LoadedModule, tr: Trajectory): ImpactLosses | undefined {
  if (!mod.energy) return undefined;
  const p = Object.fromEntries(mod.model.parameters.map((x) => [x.name, x.default]));
  const impacts = tr.events.flatMap((e): ImpactLoss[] => {
    if (e.type !== 'impact' || !e.qdPlus) return [];
    const n = e.q.length;
    const M = mod.massMatrix(e.t, e.q, p);
    const jump = e.qdPlus.map((v, i) => v - e.qd[i]!);
    let carnot = 0;
    for (let i = 0; i < n; i++) for (let k = 0; k < n; k++) carnot += 0.5 * jump[i]! * M[i * n + k]! * jump[k]!;
    return [{ t: e.t, lost: mod.energy!(e.t, e.q, e.qd, p) - mod.energy!(e.t, e.q, e.qdPlus, p), carnot }];
  });
  if (!impacts.length) return undefined;
  return { impacts, carnot: impacts.every((i) => Math.abs(i.lost - i.carnot) <= AGREE * Math.abs(i.lost)) };
}
