// The model's initial state at given parameter values: its expressions
// (initial.q, initial.qd, initial.t1 as written, in terms of the parameters)
// evaluated there, so `--param alpha=0.7` starts the compass on its foot,
// not 7.8 cm above the ground where the state for alpha = 0.3 would put it.
// Tests: test/model/initial.test.ts.
import { evaluate, type Env } from '../core/evaluate.js';
import type { InitialState, InitialValue, Model } from './types.js';
import { defaultValues } from './validate/parameters.js';

/** The initial state at `params` (the defaults for every parameter not given). Values are not checked: see initialStateProblems. */
export function initialState(model: Pick<Model, 'parameters' | 'initialExprs'>, params: Env = {}): InitialState {
  const env = { ...defaultValues(model.parameters), ...params };
  const at = (v: InitialValue): number => (typeof v === 'number' ? v : evaluate(v, env));
  const { q0, qd0, t1 } = model.initialExprs;
  return { q0: q0.map(at), qd0: qd0.map(at), t1: at(t1) };
}
