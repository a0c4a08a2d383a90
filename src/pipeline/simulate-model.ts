// The library's one-call simulation of a spec: its realized or its rigid
// version compiled, then simulated.
// Tests: test/unilateral/rigid-and-realized.test.ts
import { MechanicsError } from '../errors.js';
import type { ModelSpec } from '../model/index.js';
import { simulate } from '../runtime/hybrid/simulate.js';
import type { SimulateOptions, Trajectory } from '../runtime/hybrid/trajectory.js';
import { compileModel } from './compiled-model.js';
import { loadGenerated } from './load-generated.js';
import { compileRigid } from './rigid.js';

/** simulateModel's options: simulate's, and which laws the model's realized contacts take. */
export interface ModelSimulateOptions extends SimulateOptions {
  /**
   * 'realized' (the default): the model as written, its contacts realized by
   * forces (the stiff driver); 'rigid': its rigid model, the laws of
   * limitStudy.rigid in place of the realized ones (the event-driven
   * driver), the model its rigid-limit study compares with.
   */
  readonly laws?: 'realized' | 'rigid';
}

/**
 * Rigid and compliant versions of one model from one call: the version
 * `laws` selects is compiled (compileModel, its module loaded in memory),
 * then simulated. Each call compiles; for many runs of one version, compile
 * it once and call simulate on its loaded module.
 */
export function simulateModel(spec: ModelSpec, opts: ModelSimulateOptions): Trajectory {
  const { laws = 'realized', ...run } = opts;
  const where = { model: spec.name, field: 'laws' };
  if (laws !== 'realized' && laws !== 'rigid') throw new MechanicsError('invalid-option', 'input', `laws is 'realized' or 'rigid', got ${String(laws)}`, where);
  if (laws === 'realized') return simulate(compileModel(spec, loadGenerated).loaded, run);
  const rigid = compileRigid(spec, loadGenerated);
  if (!rigid)
    throw new MechanicsError(
      'invalid-option',
      'input',
      `${spec.name} declares no rigid laws for its realized contacts: give them in limitStudy.rigid (e.g. { line: { plastic: true } }) to simulate its rigid version`,
      where,
    );
  return simulate(rigid.loaded, run);
}
