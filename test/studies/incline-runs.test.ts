// The viscoelastic disk run on inclines on either side of kuleshov2011 (2.3)
// (src/studies/incline-runs.ts), its numbers against values typed by hand
// from the paper at the defaults (m = 1, r = 0.1, k = 10⁷, ν = 3·10⁴,
// λ = 0.2, g = 9.81): σ* = tan α/(3λ) (2.3), the steady speed
// kr tan α/ν of §2 ((12.5) corrected), the time constant 3kr/(2gν cos α) of
// (12.3), the sliding slip's rate g(sin α − 3λ cos α) at rest depth (11.2).
import { beforeAll, describe, expect, it } from 'vitest';
import disk from '../../derivations/viscoelastic-disk.js';
import { inclineRunsStudy, type InclineRunsStudy } from '../../src/studies/incline-runs.js';
import { derived } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';

describe('the disk on the incline: the slip stops iff tan α < 3λ, then the speed tends to its steady value', () => {
  const system = derived(disk);
  const [r, k, nu, lambda, g] = [0.1, 1e7, 3e4, 0.2, 9.81];
  let study: InclineRunsStudy;
  beforeAll(async () => {
    const mod = await loadGenerated(system);
    study = inclineRunsStudy(system, mod, [
      { params: { alpha: 0.002 }, t1: 40 },
      { params: { alpha: 0.6 }, t1: 2 },
    ])!;
  });

  it('gives σ* = tan α/(3λ) at each run’s α, the speed as ẋ and the slip as ẋ + rφ̇ at the end of the run', () => {
    const [small, steep] = study.runs as [InclineRunsStudy['runs'][0], InclineRunsStudy['runs'][0]];
    expect(study.velocity).toBe("x'");
    expect(small.holding).toBeCloseTo(Math.tan(0.002) / (3 * lambda), 12);
    expect(steep.holding).toBeCloseTo(Math.tan(0.6) / (3 * lambda), 12);
    expect(small.speed.length).toBe(small.t.length);
    expect(small.slip.at(-1)!).toBeCloseTo(0, 9);
  });

  it('at α = 0.002 the slip stops and the speed tends to kr tan α/ν = 0.0667 m/s within 5 %, with the time constant 3kr/(2gν) within 10 %', () => {
    const run = study.runs[0]!;
    const steady = (k * r * Math.tan(0.002)) / nu;
    expect(run.stop).toBeGreaterThan(0);
    expect(run.stop).toBeLessThan(1);
    expect(run.rolling!.steady).toBeCloseTo(steady, 9);
    expect(Math.abs(run.rolling!.limit / steady - 1)).toBeLessThan(0.05);
    const tau = (3 * k * r) / (2 * g * nu * Math.cos(0.002));
    expect(Math.abs(run.rolling!.timeConstant / tau - 1)).toBeLessThan(0.1);
    expect(run.sliding).toBeUndefined();
  });

  it('at α = 0.6 (tan α > 3λ) the slip never stops; (11.2) gives its rate g(sin α − 3λ cos α) at the end, and the run’s is positive and below it', () => {
    const run = study.runs[1]!;
    expect(run.stop).toBeUndefined();
    expect(run.rolling).toBeUndefined();
    expect(run.sliding!.derived).toBeCloseTo(g * (Math.sin(0.6) - 3 * lambda * Math.cos(0.6)), 9);
    expect(run.sliding!.rate).toBeGreaterThan(0);
    expect(run.sliding!.rate).toBeLessThan(run.sliding!.derived);
  });
});
