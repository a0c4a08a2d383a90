// The rigid-limit study of a model with realized contacts (Kozlov 1988: let
// the realization's strength N grow): the model's declared study
// (ModelSpec.limitStudy, with a command line's overrides on top) run from its
// declared initial state against its rigid model, whose loaded module the
// caller gives (deriving it is the pipeline's job); and rigidSpec, the spec
// of that rigid model: the same model with the study's `rigid` laws in place
// of the realized contacts and its realized retaining constraints held.
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
export function limitStudyOf(spec: ModelSpec, mod: LoadedModule, reference: LoadedModule | undefined, overrides: StudyOverrides = {}): LimitStudy | undefined {
  const declared = spec.limitStudy;
  const parameter = overrides.parameter ?? declared?.parameter;
  if (parameter === undefined) return undefined;
  const values = overrides.values ?? declared?.values;
  if (values === undefined)
    throw new MechanicsError('bad-argument', 'input', `${spec.name} declares no study of ${parameter}: give its values`, { model: spec.name, field: 'values' });
  const { q0, qd0, t1 } = mod.model.initial;
  return rigidLimitStudy(mod, {
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
 * Theorem 3's duration (kozlov1988) of the study's contact at the parameters' defaults, where the derivation gives
 * it as a power of the study's parameter, δ ∝ N^{−power} (a damping of order √N: power ½): the power, the limit of
 * N^{power} δ and the coordinates Newton's law leaves unchanged; undefined elsewhere.
 */
export function theoremDuration(system: DerivedSystem, parameter: string, values: readonly number[]): DropTheory | undefined {
  const limit = system.compliant?.terms.find((t) => t.source === 'compliant')?.limit;
  if (limit?.kind !== 'kelvin-voigt' || values.length < 2) return undefined;
  const env = Object.fromEntries(system.model.parameters.map((p) => [p.name, p.default]));
  const tau = values.map((v) => evaluate(limit.duration, { ...env, [parameter]: v }));
  const [first, last] = [values[0]!, values.at(-1)!];
  // The exponent to 1e-12, so that ½ prints as ½.
  const power = Number((-Math.log(tau.at(-1)! / tau[0]!) / Math.log(last / first)).toFixed(12));
  const scaled = tau.map((x, i) => values[i]! ** power * x);
  if (!(power > 0) || !scaled.every((x) => Number.isFinite(x) && Math.abs(x - scaled[0]!) <= 1e-9 * scaled[0]!)) return undefined;
  return { power, limit: scaled[0]!, tangential: limit.tangential ?? [] };
}

/** Theorem 3's duration δ ∝ N^{−power} and the coordinates whose velocities its impact keeps (theoremDuration). */
export interface DropTheory {
  readonly power: number;
  /** The limit of N^{power} δ. */
  readonly limit: number;
  readonly tangential: readonly number[];
}

/** The drop's study: the runs, their start and what Theorem 3 sets them against. */
export interface DropStudy extends LimitStudy {
  /** The drop's start and the forcing h there at the defaults (the side of a switching force, kozlov1988 §2's g sgn x). */
  readonly start: { readonly q: readonly number[]; readonly qd: readonly number[]; readonly forcing: readonly number[] };
  /** N^{power} times each run's first contact's duration, beside Theorem 3's limit: Aitken's extrapolation and the fitted order. */
  readonly scaledDuration?: {
    readonly power: number;
    readonly limit: number;
    readonly values: readonly number[];
    readonly extrapolated: number;
    readonly order: number;
  };
  /** Each coordinate Newton's law leaves unchanged, with q̇⁺ − q̇⁻ across each run's first contact. */
  readonly tangential: readonly { readonly coordinate: string; readonly jumps: readonly number[] }[];
}

/**
 * The declared study's drop (ModelSpec.limitStudy.drop): the same values run from a start that enters
 * the contact with a normal speed, so that its first contact has a restitution and a duration
 * (kozlov1988 Theorem 3), with `limits` the theory's where the caller has them and `theory` Theorem 3's
 * duration and unchanged velocities; no reference (the rigid
 * model's law is the study's, not Theorem 3's). Undefined without a drop.
 */
export function dropStudyOf(spec: ModelSpec, mod: LoadedModule, limits: LimitStudy['limits'] = {}, theory?: DropTheory): DropStudy | undefined {
  const declared = spec.limitStudy;
  if (!declared?.drop) return undefined;
  const { q = {}, qd = {}, t1 } = declared.drop;
  const { q0, qd0 } = mod.model.initial;
  const names = mod.model.coordinates;
  const start = { q: names.map((c, i) => q[c] ?? q0[i]!), qd: names.map((c, i) => qd[c] ?? qd0[i]!) };
  const study = rigidLimitStudy(mod, { ...STUDY_RUN, q0: start.q, qd0: start.qd, t1, parameter: declared.parameter, values: declared.values, limits });
  const defaults = Object.fromEntries(mod.model.parameters.map((p) => [p.name, p.default]));
  const N = study.rows.map((r) => r.value);
  const scaled = theory && study.rows.map((r, i) => N[i]! ** theory.power * r.duration);
  return {
    ...study,
    start: { ...start, forcing: [...mod.forcing(0, start.q, start.qd, defaults)] },
    ...(theory && scaled
      ? {
          scaledDuration: {
            power: theory.power,
            limit: theory.limit,
            values: scaled,
            extrapolated: aitken(scaled, STUDY_RUN.rtol),
            order: fitOrder(N, scaled, theory.limit),
          },
        }
      : {}),
    tangential: (theory?.tangential ?? []).map((i) => ({ coordinate: names[i]!, jumps: study.rows.map((r) => r.jump[i] ?? NaN) })),
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
