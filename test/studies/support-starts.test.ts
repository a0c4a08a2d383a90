// The starts from rest on Smirnov's supports (src/studies/support-starts.ts), for the point
// between two planes at its defaults (m = 1, F_x = 3, F_z = 2, f2 = 0.5, t1 = 2): smirnov1981
// §2, example 1, Φ = f2 F_z = 1 for F_z > 0, so |F_x| = 3 > Φ slides at ẍ = (F_x − Φ)/m = 2,
// and F_x = Φ/2 = 0.5 stays.
import { beforeAll, describe, expect, it } from 'vitest';
import point from '../../derivations/point-between-planes.js';
import switching from '../../derivations/point-between-planes-switching.js';
import { evaluate } from '../../src/core/evaluate.js';
import { supportStarts, type SupportStarts } from '../../src/studies/support-starts.js';
import { derived } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';

describe('the point between two planes started from rest', () => {
  const system = derived(point);
  const [m, Fx, Fz, f2, t1] = [1, 3, 2, 0.5, 2];
  const Phi = f2 * Fz;
  let study: SupportStarts;
  beforeAll(async () => {
    study = supportStarts(system, await loadGenerated(system))!;
  });

  it('varies the load F_x along x', () => {
    expect(study.coordinate).toBe('x');
    expect(study.parameter).toBe('Fx');
    expect(study.starts.map((s) => s.load)).toEqual([Fx, Phi / 2]);
    for (const s of study.starts) expect(s.bound).toBeCloseTo(Phi, 12);
  });

  it('slides at the default F_x = 3 > Φ = f2 F_z, uniformly accelerated at (F_x − Φ)/m', () => {
    const [slides] = study.starts;
    const a = (Fx - Phi) / m;
    expect(slides!.moved).toBe(true);
    expect(slides!.speed).toBeCloseTo(a * t1, 6);
    expect(slides!.displacement).toBeCloseTo((a * t1 * t1) / 2, 6);
  });

  it('stays at F_x = Φ/2', () => {
    const stays = study.starts[1]!;
    expect(stays.params).toEqual({ Fx: Phi / 2 });
    expect(stays.moved).toBe(false);
    expect(Math.abs(stays.displacement)).toBeLessThan(1e-12);
  });
});

// The switching example, F_z = F cos ωt (F = 2, ω = 1, f2 = 0.5): Φ(0) = f2 F = 1, and F_x = Φ(0)/2 = 0.5 is held at
// rest only while f2 F cos ωt ≥ 0.5, until cos ωt = 1/2, t = π/(3ω); then it slides.
describe('the point between two planes whose normal load turns, started from rest', () => {
  const system = derived(switching);
  const [F, omega, f2] = [2, 1, 0.5];
  let study: SupportStarts;
  beforeAll(async () => {
    study = supportStarts(system, await loadGenerated(system))!;
  });

  it('holds F_x = Φ(0)/2 at rest until f2 F cos ωt falls to it, t = π/(3ω), and the run then slides', () => {
    const inside = study.starts[1]!;
    expect(inside.load).toBeCloseTo((f2 * F) / 2, 12);
    expect(inside.until).toBeCloseTo(Math.acos(inside.load / (f2 * F)) / omega, 9);
    expect(inside.until).toBeCloseTo(Math.PI / 3, 9);
    // In closed form arccos(F_x/(f2 F))/ω: at F_x = 0.25, ω = 2 it is arccos(1/4)/2.
    expect(evaluate(inside.untilClosed!, { Fx: 0.25, F, f2, omega: 2 })).toBeCloseTo(Math.acos(0.25) / 2, 12);
    expect(inside.moved).toBe(true);
  });

  it('gives no such time where the rule fails from the start (F_x = 3 > Φ(0) = 1)', () => {
    expect(study.starts[0]!.until).toBeUndefined();
  });
});
