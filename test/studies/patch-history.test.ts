// The viscoelastic disk's report run through kuleshov2011 §2's stages
// (src/studies/patch-history.ts): the slip ẋ + rφ̇ read off the samples,
// its rate while sliding against (11.2)'s −3λg sgn(slip) at rest depth on a
// level line, typed by hand, and its stop against that rate's prediction.
import { beforeAll, describe, expect, it } from 'vitest';
import disk from '../../derivations/viscoelastic-disk.js';
import type { LoadedModule } from '../../src/runtime/contract.js';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import type { Trajectory } from '../../src/runtime/hybrid/trajectory.js';
import { patchHistories, type PatchHistory } from '../../src/studies/patch-history.js';
import { reportMotion } from '../../src/studies/motion.js';
import { derived } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';

describe('the viscoelastic disk’s report run: flight, impacts, sliding, rolling', () => {
  const system = derived(disk);
  const [r, lambda, g] = [0.1, 0.2, 9.81];
  let mod: LoadedModule;
  let tr: Trajectory;
  let h: PatchHistory;
  beforeAll(async () => {
    mod = await loadGenerated(system);
    const { simulation } = reportMotion(mod);
    if (!('trajectory' in simulation)) throw new Error('no trajectory');
    tr = simulation.trajectory;
    [h] = patchHistories(system, tr) as [PatchHistory];
  });

  it('the slip is ẋ + rφ̇ and the depth 1 − y/r at every sample; the first contact is the run’s', () => {
    tr.t.forEach((_, k) => {
      expect(h.slip[k]).toBeCloseTo(tr.qd[k]![0]! + r * tr.qd[k]![2]!, 12);
      expect(h.depth[k]).toBeCloseTo(1 - tr.q[k]![1]! / r, 12);
    });
    expect(h.contact).toBe(tr.events.find((e) => e.type === 'contact')!.t);
  });

  it('sliding, the slip moves towards 0 at 3λg = 5.886 m/s² (11.2), within 5 %, and stops where that rate puts it, within 0.01 s', () => {
    const stop = h.stop!;
    const slipping = Math.sign(h.slip[0]!);
    expect(slipping).toBe(-1);
    expect(Math.abs(stop.rate / (3 * lambda * g) - 1)).toBeLessThan(0.05);
    expect(Math.sign(stop.rate)).toBe(-slipping);
    // The rate at rest depth the study sets beside it: Prop. 15's −s/T₁, 3λg on the level line.
    expect(stop.atRest).toBeCloseTo(3 * lambda * g, 9);
    const settled = tr.events.filter((e) => e.type === 'contact').at(-1)!.t + 0.05;
    const k = tr.t.findIndex((t) => t >= settled);
    expect(Math.abs(stop.time - (tr.t[k]! + Math.abs(h.slip[k]!) / (3 * lambda * g)))).toBeLessThan(0.01);
    for (let j = tr.t.findIndex((t) => t >= stop.time); j < tr.t.length; j++) expect(Math.abs(h.slip[j]!)).toBeLessThan(1e-5);
  });

  it('none before the disk touches the line', () => {
    const { q0, qd0 } = mod.model.initial;
    expect(patchHistories(system, simulate(mod, { q0, qd0, t1: 0.05, samples: 11 }))).toEqual([]);
  });
});
