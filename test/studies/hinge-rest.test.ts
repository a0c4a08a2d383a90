// The rough-hinge pendulum coming to rest (src/studies/hinge-rest.ts) on the
// report's run, against the zone typed by hand, asin(f_r r/(l√(1 + f²))),
// the turning points of a finely sampled run and a Coulomb oscillator's
// amplitude drop 2·zone per half swing.
import { beforeAll, describe, expect, it } from 'vitest';
import pendulum from '../../derivations/rough-hinge-pendulum.js';
import type { LoadedModule } from '../../src/runtime/contract.js';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import { hingeRest, type HingeRestStudy } from '../../src/studies/hinge-rest.js';
import { reportMotion } from '../../src/studies/motion.js';
import { derived } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';

describe('the rough-hinge pendulum comes to rest in its zone', () => {
  const system = derived(pendulum);
  const [l, r, f, fr] = [0.5, 0.05, 0.3, 0.35];
  const zone = Math.asin((fr * r) / (l * Math.sqrt(1 + f * f)));
  let mod: LoadedModule;
  let study: HingeRestStudy;
  beforeAll(async () => {
    mod = await loadGenerated(system);
    const { simulation } = reportMotion(mod);
    if (!('trajectory' in simulation)) throw new Error('no trajectory');
    study = hingeRest(system, simulation.trajectory)!;
  });

  it('stops for good inside |φ| ≤ asin(f_r r/(l√(1 + f²))) = 0.03353, after turning back only outside it', () => {
    expect(study.zone).toBeCloseTo(zone, 12);
    expect(Math.abs(study.angle)).toBeLessThanOrEqual(zone);
    expect(study.turns.length).toBeGreaterThan(5);
    for (const x of study.turns) expect(Math.abs(x)).toBeGreaterThan(zone);
  });

  it('its turning points are those of a run sampled every millisecond, to 1e-4', () => {
    const { q0, qd0 } = mod.model.initial;
    const fine = simulate(mod, { q0, qd0, t1: study.time, samples: { dt: 1e-3 }, rtol: 1e-10, atol: 1e-12 });
    const turns = fine.qd.flatMap((v, k) => (k > 0 && Math.sign(v[2]!) !== Math.sign(fine.qd[k - 1]![2]!) && v[2] !== 0 ? [fine.q[k]![2]!] : []));
    expect(turns).toHaveLength(study.turns.length);
    turns.forEach((x, k) => expect(Math.abs(x - study.turns[k]!)).toBeLessThan(1e-4));
  });

  it('the amplitude falls by 2·zone per half swing as the swings shrink (a Coulomb oscillator), within 5 % over the last three', () => {
    expect(study.drops).toHaveLength(study.turns.length - 1);
    for (const d of study.drops.slice(-3)) {
      expect(d).toBeGreaterThan(2 * zone);
      expect(d).toBeLessThan(2 * zone * 1.05);
    }
  });

  it('is absent from a run that ends before the joint stops', () => {
    const { q0, qd0 } = mod.model.initial;
    expect(hingeRest(system, simulate(mod, { q0, qd0, t1: 3, samples: 101 }))).toBeUndefined();
  });
});
