// A model's rigid version compiled: the laws its rigid-limit study declares
// (limitStudy.rigid) in place of the realized contacts, the reference the
// study compares with and what simulateModel runs for laws: 'rigid'.
// Tests: test/unilateral/rigid-and-realized.test.ts (simulateModel), test/cli/limit.test.ts, test/report/limit.test.ts.
import { rigidSpec } from '../studies/limit.js';
import type { ModelSpec } from '../model/index.js';
import { compileModel, type CompiledModel, type ModuleLoader } from './compiled-model.js';

/** The model's rigid version, compiled (its header names `<model>-rigid`); undefined when it declares no rigid laws. */
export function compileRigid(spec: ModelSpec, load: ModuleLoader): CompiledModel | undefined {
  const rigid = rigidSpec(spec, spec.limitStudy?.rigid ?? {});
  return rigid && compileModel(rigid, load);
}
