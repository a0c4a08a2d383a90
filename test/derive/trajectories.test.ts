// Physics invariants along trajectories of the generated examples: energy
// is conserved where the model says it is, momentum where a coordinate is
// cyclic, and the Lagrange (x = [q, q̇]) and Hamilton (z = [q, p]) forms of
// the same model trace the same motion.
import { describe, expect, it } from 'vitest';
import type { LoadedModule } from '../../src/runtime/contract.js';
import { simulate, simulateHamilton } from '../../src/runtime/hybrid/simulate.js';
import * as doublePendulum from '../../generated/double-pendulum.js';
import * as pendulumOnCart from '../../generated/pendulum-on-cart.js';
import * as sphericalPendulum from '../../generated/spherical-pendulum.js';
import { committedModule, loadExamples } from '../helpers/examples.js';

const TIGHT = { rtol: 1e-12, atol: 1e-12 } as const;

function maxRelativeDrift(e: readonly number[]): number {
  const e0 = e[0]!;
  return Math.max(...e.map((v) => Math.abs(v - e0) / Math.abs(e0)));
}

describe('energy conservation over 10 s', async () => {
  const examples = await loadExamples();
  const modules: [string, LoadedModule][] = [];
  for (const ex of examples) {
    const mod = await committedModule(ex.spec.name);
    // Smooth examples only: impacts are the hybrid runtime's business, and so is a realized contact's
    // force, which switches on where its gap closes (kozlov-stiff-bouncing).
    if (mod?.model.conservative && mod.model.unilateral.length === 0 && !mod.compliantContacts) modules.push([ex.spec.name, mod]);
  }

  it('finds every conservative smooth example (and only those)', () => {
    expect(modules.map(([n]) => n)).toEqual(
      expect.arrayContaining(['double-pendulum', 'knife-edge', 'n-link-pendulum', 'simple-pendulum', 'spherical-pendulum']),
    );
    expect(modules.map(([n]) => n)).not.toContain('pendulum-on-cart');
  });

  it.each(modules)('%s: T + V stays within 1e-9 relative from its default initial state', (_, mod) => {
    const { q0, qd0 } = mod.model.initial;
    const traj = simulate(mod, { q0, qd0, t1: 10, ...TIGHT });
    expect(traj.t.at(-1)).toBe(10);
    expect(traj.energy).toBeDefined();
    const e = traj.energy!;
    // A relative test needs an energy well away from 0.
    expect(Math.abs(e[0]!)).toBeGreaterThan(1e-2);
    expect(e[0]).toBe(mod.energy!(0, q0, qd0, {}));
    expect(maxRelativeDrift(e), 'max |E(t) − E(0)| / |E(0)|').toBeLessThanOrEqual(1e-9);
  });
});

describe('pendulum on a cart without a push (F = 0)', () => {
  it('conserves energy and the horizontal momentum p_x = (M+m)ẋ + m l cos θ θ̇', () => {
    const { q0, qd0 } = pendulumOnCart.model.initial;
    expect(pendulumOnCart.model.conservative).toBe(false); // F cos(wt) could do work
    const P = { F: 0 };
    const traj = simulate(pendulumOnCart, { q0, qd0, t1: 10, params: P, ...TIGHT });
    expect(maxRelativeDrift(traj.energy!)).toBeLessThanOrEqual(1e-9);
    const [M, m, l] = [2, 1, 1];
    const px = traj.t.map((_, i) => (M + m) * traj.qd[i]![0]! + m * l * Math.cos(traj.q[i]![1]!) * traj.qd[i]![1]!);
    expect(px[0]).toBeCloseTo(pendulumOnCart.momenta(0, q0, qd0, P)[0]!, 14);
    expect(maxRelativeDrift(px), 'max relative change of p_x').toBeLessThanOrEqual(1e-9);
  });

  it('gains energy at the rate F cos(wt) ẋ when pushed (work–energy balance)', () => {
    const { q0, qd0 } = pendulumOnCart.model.initial;
    const P = { F: 1.5, w: 2 };
    const traj = simulate(pendulumOnCart, { q0, qd0, t1: 2, samples: 4001, params: P, ...TIGHT });
    // Work by Simpson's rule on the uniform grid (error O(h⁴) ≈ 1e-12 here).
    const h = traj.t[1]! - traj.t[0]!;
    const power = traj.t.map((t, i) => P.F * Math.cos(P.w * t) * traj.qd[i]![0]!);
    let work = power[0]! + power.at(-1)!;
    for (let i = 1; i < power.length - 1; i++) work += (i % 2 ? 4 : 2) * power[i]!;
    work *= h / 3;
    expect(Math.abs(work)).toBeGreaterThan(0.1);
    expect(Math.abs(traj.energy!.at(-1)! - traj.energy![0]! - work)).toBeLessThan(1e-9);
  });
});

describe.each([
  ['double pendulum', doublePendulum, 1e-8],
  ['spherical pendulum', sphericalPendulum, 1e-8],
] as const)('%s: Lagrange and Hamilton forms agree', (_, mod, tol) => {
  it(`traces the same q(t) over 10 s from pm0 = momenta(q0, qd0) (to ${tol})`, () => {
    const { q0, qd0 } = mod.model.initial;
    const pm0 = mod.momenta(0, q0, qd0, {});
    const lag = simulate(mod, { q0, qd0, t1: 10, samples: 201, ...TIGHT });
    const ham = simulateHamilton(mod, { q0, pm0, t1: 10, samples: 201, ...TIGHT });
    let dq = 0;
    let dqd = 0;
    lag.t.forEach((t, i) => {
      expect(ham.t[i]).toBe(t);
      for (let k = 0; k < q0.length; k++) {
        dq = Math.max(dq, Math.abs(lag.q[i]![k]! - ham.q[i]![k]!));
        dqd = Math.max(dqd, Math.abs(lag.qd[i]![k]! - ham.qd[i]![k]!));
      }
    });
    expect(dq, 'max |q_Lagrange − q_Hamilton|').toBeLessThanOrEqual(tol);
    expect(dqd, 'max |q̇_Lagrange − ∂H/∂p|').toBeLessThanOrEqual(10 * tol);
    // H along the Hamilton trajectory is the Lagrangian energy.
    expect(maxRelativeDrift(ham.energy)).toBeLessThanOrEqual(1e-9);
    expect(ham.energy[0]).toBeCloseTo(lag.energy![0]!, 12);
  });
});
