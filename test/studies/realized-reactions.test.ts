// The realized rod's force along runs of kozlov-realized-pendulum (kozlov1988
// Theorem 1), against the forms typed from the paper: its spring and damper
// F = −N(β₀u + γ₀u̇) of (1.2), the multiplier λ = −g cos θ − lθ̇² of (1.1),
// and the whole force R = F − α₀Nü, ü from (1.3) written out for the
// pendulum, (1 + α₀N)ü = (l + u)θ̇² + g cos θ − N(β₀u + γ₀u̇). At the start
// u = u̇ = θ̇ = 0, so R − λ = g cos θ₀/(1 + α₀N) while F = 0.
import { describe, expect, it } from 'vitest';
import pendulumSpec from '../../derivations/kozlov-realized-pendulum.js';
import addedMassSpec from '../../derivations/kozlov-release-added-mass.js';
import { realizedReactions } from '../../src/studies/realized-reactions.js';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import { derived } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';

describe('the realized rod’s force beside the held rod’s multiplier', async () => {
  const system = derived(pendulumSpec);
  const mod = await loadGenerated(system);
  const p = Object.fromEntries(system.model.parameters.map((x) => [x.name, x.default])) as Record<string, number>;
  const { l, g, alpha0, beta0, gamma0, theta0 } = p as Record<'l' | 'g' | 'alpha0' | 'beta0' | 'gamma0' | 'theta0', number>;
  const { q0, qd0, t1 } = mod.model.initial;
  const tr = simulate(mod, { q0, qd0, t1, samples: 101, rtol: 1e-10, atol: 1e-12 });
  const study = { parameter: 'N', values: [10, 1000] };
  const [r] = realizedReactions(system, mod, study, tr)!;

  it('along the run at the defaults: F, λ and R as (1.1)–(1.3) give them at every sample', () => {
    const N = p.N!;
    expect(r!.constraint).toBe('rod');
    tr.t.forEach((_, k) => {
      const [u, th] = tr.q[k]! as [number, number];
      const [ud, thd] = tr.qd[k]! as [number, number];
      const F = -N * (beta0 * u + gamma0 * ud);
      const udd = ((l + u) * thd ** 2 + g * Math.cos(th) + F) / (1 + alpha0 * N);
      expect(r!.springDamper[k]).toBeCloseTo(F, 9);
      expect(r!.multiplier[k]).toBeCloseTo(-g * Math.cos(th) - l * thd ** 2, 9);
      expect(r!.whole[k]).toBeCloseTo(F - alpha0 * N * udd, 9);
    });
    // At the start the spring and damper are slack and miss λ by g cos θ₀; the whole force by g cos θ₀/(1 + α₀N).
    expect(r!.springDamper[0]).toBe(0);
    expect(r!.whole[0]! - r!.multiplier[0]!).toBeCloseTo((g * Math.cos(theta0)) / (1 + alpha0 * N), 12);
  });

  it('N(R − λ) in each run of the study: N g cos θ₀/(1 + α₀N) at the start, and one curve as N grows', () => {
    const { values, rows } = r!.scaled;
    rows.forEach((row, k) => expect(row[0]).toBeCloseTo((values[k]! * g * Math.cos(theta0)) / (1 + alpha0 * values[k]!), 9));
    // Bounded by a few g over the run at N = 10 and N = 1000 alike: R − λ = O(1/N), not only at the start.
    const most = rows.map((row) => Math.max(...row.map(Math.abs)));
    most.forEach((x) => expect(x).toBeLessThan(g));
    expect(Math.abs(most[1]! - most[0]!)).toBeLessThan(0.15 * most[1]!);
  });

  it('none for a contact realized only where it is pressed (kozlov1988 (2.5)), nor without a study', () => {
    expect(realizedReactions(derived(addedMassSpec), mod, study, tr)).toBeUndefined();
    expect(realizedReactions(system, mod, undefined, tr)).toBeUndefined();
  });
});
