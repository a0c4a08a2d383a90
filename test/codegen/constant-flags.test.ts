// model.constant: which of M, forcing and ∂f/∂q are free of the state,
// derived in src/derive/system.ts, printed by codegen, used by Moreau–Jean.
import { describe, expect, it } from 'vitest';
import { ballChain } from '../../bench/models.js';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel } from '../../src/model/index.js';
import type { LoadedModule } from '../../src/runtime/contract.js';
import { simulateMoreauJean } from '../../src/runtime/hybrid/moreau-jean.js';
import { loadGenerated } from '../helpers/generated-module.js';

const ALL = { massMatrix: true, forcing: true, gapJacobian: true };

/** The module with its massMatrix, forcing and gapJacobian calls counted. */
function counted(mod: LoadedModule): { mod: LoadedModule; calls: Record<'massMatrix' | 'forcing' | 'gapJacobian', number> } {
  const calls = { massMatrix: 0, forcing: 0, gapJacobian: 0 };
  const wrap = <F extends (...a: never[]) => unknown>(name: keyof typeof calls, f: F): F => ((...a: Parameters<F>) => (calls[name]++, f(...a))) as F;
  return {
    mod: { ...mod, massMatrix: wrap('massMatrix', mod.massMatrix), forcing: wrap('forcing', mod.forcing), gapJacobian: wrap('gapJacobian', mod.gapJacobian!) },
    calls,
  };
}

describe('derived constancy flags', () => {
  it('the bouncing ball (M = m, forcing −m g, ∂f/∂y = 1) is constant in all three', async () => {
    const { default: ball } = await import('../../derivations/bouncing-ball.js');
    const sys = deriveSystem(buildModel(ball));
    expect(sys.constant).toEqual(ALL);
    expect((await loadGenerated(sys)).model.constant).toEqual(ALL);
  });

  it('the compass in centre-of-mass coordinates: M = diag(2m, 2m, I_C) and forcing (0, −2mg, 0) constant, its feet’s rows (with sin(ψ ∓ α)) not', async () => {
    const { default: compass } = await import('../../derivations/compass.js');
    const sys = deriveSystem(buildModel(compass));
    expect(sys.constant).toEqual({ massMatrix: true, forcing: true, gapJacobian: false });
  });

  it('a double pendulum at a wall (M with cos(q1 − q2), forcing with sin q, the row l cos q) is constant in none', async () => {
    const { default: pendulum } = await import('../../derivations/pendulum-wall.js');
    const sys = deriveSystem(buildModel(pendulum));
    expect(sys.constant).toEqual({ massMatrix: false, forcing: false, gapJacobian: false });
    expect((await loadGenerated(sys)).model.constant).toEqual(sys.constant);
  });

  it('Moreau–Jean on a 5-ball chain takes the constant path from the module’s flags, with the states of the declared run', async () => {
    const chain = await loadGenerated(deriveSystem(buildModel(ballChain(5))));
    expect(chain.model.constant).toEqual(ALL);
    const { q0, qd0 } = chain.model.initial;
    const opts = { q0, qd0, t1: 0.05, h: 1e-3, samples: 11 };
    const derived = counted(chain);
    const run = simulateMoreauJean(derived.mod, opts);
    // Once at the start and once at the distant check state, whatever the 50 steps.
    expect(derived.calls).toEqual({ massMatrix: 2, forcing: 2, gapJacobian: 2 });
    const declared = simulateMoreauJean(chain, { ...opts, constant: ALL });
    expect(run.qd).toEqual(declared.qd);
    // The option still overrides: declared not constant, every step evaluates them.
    const overridden = counted(chain);
    const slow = simulateMoreauJean(overridden.mod, { ...opts, constant: {} });
    expect(overridden.calls.massMatrix).toBeGreaterThanOrEqual(50);
    expect(overridden.calls.forcing).toBeGreaterThanOrEqual(50);
    for (let k = 0; k < slow.qd.length; k++) for (let i = 0; i < 5; i++) expect(slow.qd[k]![i]).toBeCloseTo(run.qd[k]![i]!, 12);
  });

  it('a module without the field counts as not constant', async () => {
    const chain = await loadGenerated(deriveSystem(buildModel(ballChain(3))));
    const { constant: _, ...model } = chain.model;
    const bare = counted({ ...chain, model });
    const { q0, qd0 } = chain.model.initial;
    simulateMoreauJean(bare.mod, { q0, qd0, t1: 0.02, h: 1e-3, samples: 3 });
    expect(bare.calls.massMatrix).toBeGreaterThanOrEqual(20);
  });
});
