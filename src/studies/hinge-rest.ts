// The joint of a hinge with journal friction coming to rest along the
// report's simulated motion (smirnov1981 §2: rest persists while the load is
// within the friction bound): when and at what angle it stops for good, the
// zone of rest derived in closed form (derive/friction/hinges.ts HingeRest)
// at the defaults, and the turning points before it, whose amplitudes fall
// by about twice the zone each half swing, as a Coulomb oscillator's do.
// Tests: test/studies/hinge-rest.test.ts.
import { evaluate, evaluator } from '../core/evaluate.js';
import { defaultsEnv } from '../derive/friction/supports.js';
import type { DerivedSystem } from '../derive/system.js';
import type { SimulationEvent } from '../runtime/hybrid/trajectory.js';

export interface HingeRestStudy {
  /** When the joint stops for good (the run's last 'stick', no 'slip' after it), and its angle there. */
  readonly time: number;
  readonly angle: number;
  /** The zone |θ| ≤ zone of rest at the defaults (HingeRest.zone). */
  readonly zone: number;
  /** The joint angle at each turning point before the rest, in order (interpolated between the samples). */
  readonly turns: readonly number[];
  /** How much |θ| falls from each turning point to the next. */
  readonly drops: readonly number[];
}

/** Along the report's trajectory, for a model's one hinge with a zone of rest; undefined where the joint never stops for good. */
export function hingeRest(
  system: DerivedSystem,
  tr: { readonly t: readonly number[]; readonly q: readonly (readonly number[])[]; readonly events: readonly Pick<SimulationEvent, 't' | 'type'>[] },
): HingeRestStudy | undefined {
  const [h] = system.hinges;
  const zone = h?.closed?.rest?.zone;
  if (!h || !zone) return undefined;
  const last = tr.events.at(-1);
  if (last?.type !== 'stick') return undefined;
  const base = defaultsEnv(system.model);
  const cs = system.model.coordinates;
  const angleAt = (q: readonly number[]): number => evaluator({ ...base, ...Object.fromEntries(cs.map((c, i) => [c.name, q[i]!])) })(h.hinge.angle);
  const theta = tr.t.map((_, k) => angleAt(tr.q[k]!));
  const before = tr.t.filter((t) => t < last.t).length;
  // A turning point between samples k − 1, k, k + 1: the vertex of the parabola through them (equal steps).
  const turns = theta.slice(1, before - 1).flatMap((y, j): number[] => {
    const [a, c] = [theta[j]!, theta[j + 2]!];
    if ((y - a) * (c - y) > 0) return [];
    const curvature = a - 2 * y + c;
    return curvature === 0 ? [y] : [y - (c - a) ** 2 / (8 * curvature)];
  });
  const drops = turns.slice(1).map((x, k) => Math.abs(turns[k]!) - Math.abs(x));
  // Held from the stop to the end of the run: the last sample's angle is the rest's.
  return { time: last.t, angle: theta.at(-1)!, zone: evaluate(zone, base), turns, drops };
}
