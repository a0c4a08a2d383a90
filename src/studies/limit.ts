// The rigid-limit study of a model with realized contacts (Kozlov 1988: let
// the realization's strength N grow): the model's declared study
// (ModelSpec.limitStudy, with a command line's overrides on top) run from its
// declared initial state against its rigid model, whose loaded module the
// caller gives (deriving it is the pipeline's job); and rigidSpec, the spec
// of that rigid model: the same model with the study's `rigid` laws in place
// of the realized contacts and its realized retaining constraints held; and
// limitIsRigid, whether the theory's limits are the rigid model's values.
// Tests: test/studies/limit.test.ts, test/cli/limit.test.ts (through the command), test/unilateral/rigid-and-realized.test.ts (rigidSpec through simulateModel).
import { evaluate } from '../core/evaluate.js';
import type { DerivedSystem } from '../derive/system.js';
import { MechanicsError } from '../errors.js';
import type { HolonomicSpec, ModelSpec, UnilateralSpec } from '../model/spec.js';
import type { LoadedModule } from '../runtime/contract.js';
import { aitken, fitOrder, rigidLimitStudy, type LimitStudy } from '../runtime/analysis/rigid-limit.js';

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
  /** The fraction of the study's runs done (a command's progress bar). */
  readonly onProgress?: (fraction: number) => void;
}

/**
 * The model's rigid-limit study (ModelSpec.limitStudy, with `overrides` on
 * top), run from its declared initial state against `reference`, the loaded
 * module of rigidSpec(spec, …) (absent: the model has no rigid laws, and the
 * study has no distances to fit). Undefined when the model declares no study
 * and no parameter is given.
 */
export function limitStudyOf(
  spec: ModelSpec,
  mod: LoadedModule,
  reference: LoadedModule | undefined,
  overrides: StudyOverrides = {},
): ModelLimitStudy | undefined {
  const declared = spec.limitStudy;
  const parameter = overrides.parameter ?? declared?.parameter;
  if (parameter === undefined) return undefined;
  const values = overrides.values ?? declared?.values;
  if (values === undefined)
    throw new MechanicsError('bad-argument', 'input', `${spec.name} declares no study of ${parameter}: give its values`, { model: spec.name, field: 'values' });
  const { q0, qd0, t1 } = mod.model.initial;
  const study = rigidLimitStudy(mod, {
    ...STUDY_RUN,
    q0,
    qd0,
    t1,
    parameter,
    values,
    ...(overrides.params ? { params: overrides.params } : {}),
    ...(overrides.onProgress ? { onProgress: overrides.onProgress } : {}),
    ...(reference ? { reference } : {}),
    ...(declared?.limits && parameter === declared.parameter ? { limits: declared.limits } : {}),
    ...(declared?.bounds && parameter === declared.parameter ? { bounds: declared.bounds } : {}),
  });
  const rigidInTheLimit = limitIsRigid(study);
  // The figure's band about the contact (kozlov1988 Fig. 1): the gaps above the declared cut left out.
  const cut = declared?.cut;
  if (cut === undefined) return { ...study, rigidInTheLimit };
  const band = (row: readonly number[]): number[] => row.map((f) => (f > cut ? NaN : f));
  const { gaps } = study;
  return { ...study, rigidInTheLimit, gaps: { ...gaps, rows: gaps.rows.map(band), ...(gaps.reference ? { reference: band(gaps.reference) } : {}), cut } };
}

/** A model's rigid-limit study, with what the theory's limits say of the rigid motion. */
export interface ModelLimitStudy extends LimitStudy {
  /** Whether the theory's limit is the rigid motion (limitIsRigid), at distance 0 from it. */
  readonly rigidInTheLimit: boolean;
}

/** Relative agreement of a limit the theory gives with the rigid model's value, taken as equal: the six digits a table prints. */
const RIGID_VALUE = 1e-6;

/**
 * Whether every limit the theory gives is the rigid model's value (kozlov1988 (2.4): the elastic release at t = 1),
 * so that the motion tends to the rigid one; not where one is another motion's (the added mass's release at
 * 2 + √2, (2.6)), nor without a limit or a rigid model.
 */
export function limitIsRigid({ limits, reference }: Pick<LimitStudy, 'limits' | 'reference'>): boolean {
  const given = (['release', 'duration', 'restitution'] as const).filter((k) => limits[k] !== undefined);
  return (
    reference !== undefined && given.length > 0 && given.every((k) => Math.abs(limits[k]! - reference[k]) <= RIGID_VALUE * Math.max(1, Math.abs(limits[k]!)))
  );
}

/**
 * Theorem 3's restitution (kozlov1988) of the study's contact (the first realized one) at the parameters'
 * defaults, where the derivation gives it and it is the same at every value of the study's parameter
 * (a damping of order √N): the limit the drop's restitution tends to.
 */
export function theoremLimits(system: DerivedSystem, parameter: string, values: readonly number[]): LimitStudy['limits'] {
  const limit = system.compliant?.terms.find((t) => t.source === 'compliant')?.limit;
  if (limit?.kind !== 'kelvin-voigt') return {};
  const env = Object.fromEntries(system.model.parameters.map((p) => [p.name, p.default]));
  const e = values.map((v) => evaluate(limit.restitution, { ...env, [parameter]: v }));
  return e.every((x) => Number.isFinite(x) && Math.abs(x - e[0]!) <= 1e-12 * Math.abs(e[0]!)) ? { restitution: e[0]! } : {};
}

/**
 * Relative agreement of the law's values across the study's parameter, and of a run's with the law's, taken as
 * equal: the six digits a table prints (a run's restitution, at the study's rtol 1e-11, is the law's to 3e-9).
 */
const SAME = 1e-6;

/** Theorem 3's law of a realized contact beside a study's runs (theoremLaw). */
export interface TheoremLaw {
  /** The realized contact the law is of. */
  readonly contact: string;
  /** e = exp(−πr), the same at every value of the study's parameter p. */
  readonly restitution: number;
  /** r of the duration τ ∝ p^{−r}. */
  readonly order: number;
  /** p^r τ, the same at every value. */
  readonly scaled: number;
  /** p^r times each run's first contact's duration. */
  readonly runs: readonly number[];
  /** Every run's scaled duration and restitution equal to the law's to SAME. */
  readonly exact: boolean;
}

/**
 * Theorem 3's law (kozlov1988) beside a study with no rigid model to approach (§3's medium), and whether the runs
 * attain it at every value (V = Γ = 0: the half swing is exact). Undefined with a rigid model, or where the
 * derivation gives no Kelvin–Voigt law with a restitution and a duration's order the same at every value.
 */
export function theoremLaw(
  system: DerivedSystem,
  study: {
    readonly parameter: string;
    readonly reference?: unknown;
    readonly rows: readonly Pick<LimitStudy['rows'][number], 'value' | 'duration' | 'restitution'>[];
  },
): TheoremLaw | undefined {
  const term = system.compliant?.terms.find((t) => t.source === 'compliant');
  const limit = term?.limit;
  if (study.reference || limit?.kind !== 'kelvin-voigt' || study.rows.length < 2) return undefined;
  const values = study.rows.map((r) => r.value);
  const { restitution } = theoremLimits(system, study.parameter, values);
  if (restitution === undefined) return undefined;
  const env = Object.fromEntries(system.model.parameters.map((p) => [p.name, p.default]));
  const tau = values.map((v) => evaluate(limit.duration, { ...env, [study.parameter]: v }));
  // The order to nine digits: τ of Theorem 3 goes as p^{−1/2} exactly, the logarithms leave rounding behind.
  const order = Number((Math.log(tau[0]! / tau.at(-1)!) / Math.log(values.at(-1)! / values[0]!)).toFixed(9));
  const scaledLaw = tau.map((t, i) => t * values[i]! ** order);
  const same = (x: number, y: number): boolean => Math.abs(x - y) <= SAME * Math.abs(y);
  if (!(order > 0) || !scaledLaw.every((x) => same(x, scaledLaw[0]!))) return undefined;
  const runs = study.rows.map((r) => r.duration * r.value ** order);
  const exact = runs.every((x) => same(x, scaledLaw[0]!)) && study.rows.every((r) => same(r.restitution, restitution));
  return { contact: term!.name, restitution, order, scaled: scaledLaw[0]!, runs, exact };
}

/** The drop's study: the runs, their start and what Theorem 3 sets them against. */
export interface DropStudy extends LimitStudy {
  /** The drop's start and the forcing h there at the defaults (the side of a switching force, kozlov1988 §2's g sgn x). */
  readonly start: { readonly q: readonly number[]; readonly qd: readonly number[]; readonly forcing: readonly number[] };
  /**
   * Theorem 3's duration τ ∝ N^{−power} (theoremLaw): N^{power} times each run's first contact's duration beside
   * the law's N^{power} τ, Aitken's extrapolation of the runs' and the fitted order of their distance to it.
   */
  readonly scaledDuration?: {
    readonly power: number;
    readonly limit: number;
    readonly values: readonly number[];
    readonly extrapolated: number;
    readonly order: number;
  };
  /** Each coordinate Theorem 3's impact leaves unchanged, (M⁻¹Gᵀ)_i = 0, with q̇⁺ − q̇⁻ across each run's first contact. */
  readonly tangential: readonly { readonly coordinate: string; readonly jumps: readonly number[] }[];
}

/**
 * The declared study's drop (ModelSpec.limitStudy.drop): the same values run from a start that enters
 * the contact with a normal speed, so that its first contact has a restitution and a duration
 * (kozlov1988 Theorem 3), with `limits` the theory's where the caller has them, and with `system` Theorem 3's
 * duration and unchanged velocities beside the runs; no reference (the rigid
 * model's law is the study's, not Theorem 3's). Undefined without a drop.
 */
export function dropStudyOf(spec: ModelSpec, mod: LoadedModule, limits: LimitStudy['limits'] = {}, system?: DerivedSystem): DropStudy | undefined {
  const declared = spec.limitStudy;
  if (!declared?.drop) return undefined;
  const { q = {}, qd = {}, t1 } = declared.drop;
  const { q0, qd0 } = mod.model.initial;
  const names = mod.model.coordinates;
  const start = { q: names.map((c, i) => q[c] ?? q0[i]!), qd: names.map((c, i) => qd[c] ?? qd0[i]!) };
  const study = rigidLimitStudy(mod, { ...STUDY_RUN, q0: start.q, qd0: start.qd, t1, parameter: declared.parameter, values: declared.values, limits });
  const defaults = Object.fromEntries(mod.model.parameters.map((p) => [p.name, p.default]));
  const law = system && theoremLaw(system, study);
  const limit = system?.compliant?.terms.find((t) => t.source === 'compliant')?.limit;
  const tangential = limit?.kind === 'kelvin-voigt' ? (limit.tangential ?? []) : [];
  const N = study.rows.map((r) => r.value);
  return {
    ...study,
    start: { ...start, forcing: [...mod.forcing(0, start.q, start.qd, defaults)] },
    ...(law
      ? {
          scaledDuration: {
            power: law.order,
            limit: law.scaled,
            values: law.runs,
            extrapolated: aitken(law.runs, STUDY_RUN.rtol),
            order: fitOrder(N, law.runs, law.scaled),
          },
        }
      : {}),
    tangential: tangential.map((i) => ({ coordinate: names[i]!, jumps: study.rows.map((r) => r.jump[i] ?? NaN) })),
  };
}

/**
 * The model with the given rigid laws (by contact name) in place of its realized ones, and its realized
 * retaining constraints held (kozlov1988 Theorem 1: the realization tends to (1.1)); undefined without either.
 */
export function rigidSpec(spec: ModelSpec, laws: NonNullable<NonNullable<ModelSpec['limitStudy']>['rigid']>): ModelSpec | undefined {
  const names = Object.keys(laws);
  const isRealized = (c: NonNullable<ModelSpec['holonomic']>[number]): c is HolonomicSpec =>
    typeof c === 'object' && 'expr' in c && c.realization !== undefined;
  const realized = spec.holonomic?.some(isRealized) ?? false;
  if (names.length === 0 && !realized) return undefined;
  const contacts = spec.unilateral ?? [];
  const unknown = names.filter((n) => !contacts.some((c) => c.name === n));
  if (unknown.length) {
    throw new MechanicsError(
      'unknown-contact',
      'model',
      `limitStudy.rigid names ${unknown.join(', ')}, not a unilateral constraint of ${spec.name} (${contacts.map((c) => c.name).join(', ') || 'none'})`,
      { model: spec.name, field: 'limitStudy.rigid' },
    );
  }
  const rigid = withLaws(spec, laws, `${spec.name}-rigid`);
  return realized ? { ...rigid, holonomic: spec.holonomic!.map((c) => (isRealized(c) ? held(c) : c)) } : rigid;
}

/**
 * The model named `name` with the given laws (by contact name) in place of its contacts' own, without
 * its limit study and paper: they are the model's own (its figures name its realized contacts).
 */
export function withLaws(spec: ModelSpec, laws: Readonly<Record<string, UnilateralSpec['law']>>, name: string): ModelSpec {
  const { limitStudy: _study, paper: _paper, ...rest } = spec;
  return { ...rest, name, unilateral: (spec.unilateral ?? []).map((c) => (laws[c.name] ? { ...c, law: laws[c.name]! } : c)) };
}

/** The constraint without its realization: held rigidly. */
function held(c: HolonomicSpec): HolonomicSpec {
  const { realization: _realization, ...rest } = c;
  return rest;
}
