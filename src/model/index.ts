// The model API used by files in derivations/.
// Tests: through test/model/ (buildModel) and the examples of derivations/ (defineModel).
// Tests: test/model/errors.test.ts, test/model/validate/.
import type { ModelSpec } from './spec.js';

export type * from './spec.js';
export { buildModel, type InitialExprs, type InitialState, type InitialValue, type Model } from './model.js';
export { initialState } from './initial.js';
export { initialStateProblems } from './validate/initial-state.js';
export { limitProblems, valueLimits, type ValueLimit } from './limits.js';
export { complexConstant } from './validate/expressions.js';

/** Declare a model (typed identity: validation happens in buildModel, so the CLI can report every problem). */
export function defineModel(spec: ModelSpec): ModelSpec {
  return spec;
}
