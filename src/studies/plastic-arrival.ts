// kugushev2002 §9's two regimes after an impact, run: the model with one
// unilateral contact under Newton's law is simulated from its initial state
// by the runtime with the restitution coefficient set to 0, and the contact
// phase's reaction density σ̇ (regime 2, the body sliding along the
// constraint, §9) is read at the state just after the first impact, where
// ḟ = 0. σ̇ ≥ 0 keeps the contact (the bob slides along the wall); σ̇ < 0
// releases it at once (regime 1), as the run then shows.
// Tests: test/studies/plastic-arrival.test.ts.
import { evaluate } from '../core/evaluate.js';
import { defaultsEnv } from '../derive/friction/supports.js';
import type { DerivedSystem } from '../derive/system.js';
import { plasticAtZero } from '../model/impact-laws.js';
import type { LoadedModule } from '../runtime/contract.js';
import { simulate } from '../runtime/hybrid/simulate.js';

export interface PlasticArrival {
  /** The restitution coefficient set to 0. */
  readonly parameter: string;
  /** The first impact: its time and the state just after it. */
  readonly t: number;
  readonly q: readonly number[];
  readonly qd: readonly number[];
  /** ḟ⁻, the normal velocity the strike arrives with (< 0). */
  readonly approach: number;
  /** σ̇ of the contact phase there (≥ 0: the contact holds, regime 2). */
  readonly density: number;
  /** The impacts and the contact phases the run to t1 records. */
  readonly impacts: number;
  readonly contacts: number;
  readonly t1: number;
}

/** The run at e = 0, where the model has one contact under Newton's law with its phase in closed form; undefined otherwise. */
export function plasticArrival(system: DerivedSystem, mod: LoadedModule): PlasticArrival | undefined {
  const { model } = system;
  const law = model.unilateral.length === 1 ? model.unilateral[0]!.law : undefined;
  const e = law && plasticAtZero(law);
  if (!e || !model.parameters.some((p) => p.name === e.name)) return undefined;
  const phase = system.unilateral?.phases.find((p) => p.active.length === 1 && p.explicit);
  if (!phase?.explicit) return undefined;
  const { q0, qd0, t1 } = mod.model.initial;
  const params = { [e.name]: 0 };
  const tr = simulate(mod, { q0, qd0, t1, samples: 2, rtol: 1e-8, atol: 1e-10, params });
  const first = tr.events.find((e) => e.type === 'impact');
  if (!first?.qdPlus || !mod.gapRates) return undefined;
  const env = {
    ...defaultsEnv(model),
    ...params,
    t: first.t,
    ...Object.fromEntries(model.coordinates.flatMap((c, i) => [[c.name, first.q[i]!] as const, [c.qd.name, first.qdPlus![i]!] as const])),
  };
  return {
    parameter: e.name,
    t: first.t,
    q: first.q,
    qd: first.qdPlus,
    approach: mod.gapRates(first.t, first.q, first.qd, params)[0]!,
    density: evaluate(phase.explicit.multipliers[0]!, env),
    impacts: tr.events.filter((e) => e.type === 'impact').length,
    contacts: tr.events.filter((e) => e.type === 'contact').length,
    t1,
  };
}
