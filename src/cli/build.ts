// The rigid-limit study of a model (ModelSpec.limitStudy) and the rigid
// spec it compares with; the pipeline compiles that spec (pipeline/rigid.ts)
// and hands its module in.
// Tests: test/cli/limit.test.ts, test/report/limit.test.ts.
import { MechanicsError, UsageError } from '../errors.js';
import type { ModelSpec } from '../model/index.js';
import type { GeneratedModel } from '../runtime/contract.js';
import { rigidLimitStudy, type LimitStudy } from '../runtime/analysis/rigid-limit.js';

/**
 * A study runs with these tolerances: tighter than the report's motion, since
 * its orders are fitted to differences between runs (at rtol 1e-10 the added
 * mass's release drifts 5e-6 from 2 + √2 and fits a spurious order).
 */
const STUDY_RUN = { rtol: 1e-11, atol: 1e-14, samples: 201 } as const;

/** What `mechanics limit` may change in the model's declared study. */
export interface StudyOverrides {
  readonly parameter?: string;
  readonly values?: readonly number[];
  readonly params?: Readonly<Record<string, number>>;
}

/**
 * The model's rigid-limit study (ModelSpec.limitStudy, with `overrides` on
 * top), run from its declared initial state against its rigid model
 * `reference`: the same spec with the study's `rigid` laws in place of the
 * realized ones (rigidSpec), compiled by the pipeline. Undefined when the
 * model declares no study and no parameter is given.
 */
export function limitStudyOf(spec: ModelSpec, mod: GeneratedModel, overrides: StudyOverrides = {}, reference?: GeneratedModel): LimitStudy | undefined {
  const declared = spec.limitStudy;
  const parameter = overrides.parameter ?? declared?.parameter;
  if (parameter === undefined) return undefined;
  const values = overrides.values ?? declared?.values;
  if (values === undefined) throw new UsageError(`${spec.name} declares no study of ${parameter}: give its values`, '--values');
  const { q0, qd0, t1 } = mod.model.initial;
  return rigidLimitStudy(mod, {
    ...STUDY_RUN, q0, qd0, t1, parameter, values,
    ...(overrides.params ? { params: overrides.params } : {}),
    ...(reference ? { reference } : {}),
    ...(declared?.limits && parameter === declared.parameter ? { limits: declared.limits } : {}),
  });
}

/** The model with the given rigid laws (by contact name) in place of its realized ones; undefined without any. */
export function rigidSpec(spec: ModelSpec, laws: NonNullable<NonNullable<ModelSpec['limitStudy']>['rigid']>): ModelSpec | undefined {
  const names = Object.keys(laws);
  if (names.length === 0) return undefined;
  const contacts = spec.unilateral ?? [];
  const unknown = names.filter((n) => !contacts.some((c) => c.name === n));
  if (unknown.length) {
    throw new MechanicsError('unknown-contact', 'model', `limitStudy.rigid names ${unknown.join(', ')}, not a unilateral constraint of ${spec.name} (${contacts.map((c) => c.name).join(', ') || 'none'})`, { model: spec.name, field: 'limitStudy.rigid' });
  }
  const { limitStudy: _study, ...rest } = spec;
  return { ...rest, name: `${spec.name}-rigid`, unilateral: contacts.map((c) => (laws[c.name] ? { ...c, law: laws[c.name]! } : c)) };
}
