// The periodic orbit a model declares (ModelSpec.orbit): found by Newton on
// the return map to its section from the declared start, with its Floquet
// multipliers and verdict (runtime/analysis/periodic.ts), and, with a
// continuation, the branch followed in a parameter with its bifurcations
// (runtime/analysis/continuation.ts). The report prints the result
// (report/periodic.ts); the paper table reads its numbers as measured facts.
// Tests: test/studies/orbit.test.ts
import type { HeldConditions } from './orbit-zeros.js';
import { orbitStep, type OrbitStep } from './orbit-step.js';
import type { SampledRun } from './realized-reactions.js';
import type { OrbitSpec } from '../model/spec.js';
import { continueOrbit, type Branch } from '../runtime/analysis/continuation.js';
import type { LoadedModule } from '../runtime/contract.js';
import { SimulationError } from '../runtime/errors.js';
import { simulate } from '../runtime/hybrid/simulate.js';
import { periodicOrbit, strideMap, type PeriodicOrbit, type PeriodicOrbitOptions } from '../runtime/analysis/periodic.js';
import { describeSection, type ImpactJacobianFn } from '../runtime/analysis/variational.js';

/** A declared orbit as computed: the orbit (or why Newton failed) and its branch, at the parameters it was sought at. */
export interface OrbitStudy {
  readonly declaration: OrbitSpec;
  /** The section in the runtime's notation (contact:wall, coordinate:y=0:up). */
  readonly section: string;
  readonly params: Readonly<Record<string, number>>;
  readonly orbit?: PeriodicOrbit;
  readonly error?: string;
  readonly branch?: Branch;
  /**
   * (q, q̇) on the section at the first RETURNS returns of the map from the
   * declared start, for an asymptotically stable orbit: the step-to-step
   * map's iterates approaching the fixed point (report/orbit-figures.ts).
   */
  readonly returns?: readonly (readonly number[])[];
  /** One period of an asymptotically stable orbit from its state on the section, sampled (report/orbit-figures.ts draws it). */
  readonly cycle?: OrbitCycle;
  /** The orbit at each value of the declared sweep (OrbitSpec.sweep), in its order. */
  readonly sweep?: readonly SweptOrbit[];
  /** The conditions the section's held contacts impose, one per zero multiplier (orbit-zeros.ts). */
  readonly held?: HeldConditions;
  /** The declared mirror step (OrbitSpec.step): its period and multipliers. */
  readonly step?: OrbitStep;
  /** The contacts the section's impact opens: closed just before it (gap zero) and not held after (indices into the model's unilateral constraints). */
  readonly leaving?: readonly number[];
}

/** The orbit sought at one value of a swept parameter: its period and multipliers, or why Newton failed. */
export interface SweptOrbit {
  readonly value: number;
  readonly orbit?: Pick<PeriodicOrbit, 'period' | 'multipliers' | 'stable'>;
  readonly error?: string;
}

/** Newton from the orbit found, at each value of the sweep; a failure at one value is that value's result. */
function sweepOf(module: LoadedModule, opts: PeriodicOrbitOptions, orbit: PeriodicOrbit, sweep: NonNullable<OrbitSpec['sweep']>): SweptOrbit[] {
  return sweep.values.map((value) => {
    try {
      const o = periodicOrbit(module, { ...opts, q0: orbit.q, qd0: orbit.qd, t0: orbit.t0, params: { ...opts.params, [sweep.parameter]: value } });
      return { value, orbit: { period: o.period, multipliers: o.multipliers, stable: o.stable } };
    } catch (err) {
      if (!(err instanceof SimulationError) || err.code === 'invalid-option') throw err;
      return { value, error: err.message };
    }
  });
}

/** A motion over one period: the times and (q, q̇) at each. */
export type OrbitCycle = SampledRun;

/** Samples of the drawn period: a smooth curve at a figure's width. */
const CYCLE_SAMPLES = 201;

/** Returns iterated from the declared start: with multipliers of modulus ~1/3 (the compass walker's), the sixth is within 1e-3 of the fixed point's first deviation. */
const RETURNS = 6;

/** The first RETURNS returns of the map from the declared start; none where the flow does not reach the section again. */
function returnsFrom(module: LoadedModule, opts: PeriodicOrbitOptions): number[][] | undefined {
  const n = module.model.coordinates.length;
  const out: number[][] = [];
  let [q0, qd0, t0] = [opts.q0, opts.qd0, opts.t0 ?? 0];
  try {
    for (let k = 0; k < RETURNS; k++) {
      const r = strideMap(module, { ...opts, q0, qd0, t0 });
      const x = Array.from(r.x);
      out.push(x);
      [q0, qd0, t0] = [x.slice(0, n), x.slice(n), r.t];
    }
  } catch (err) {
    if (err instanceof SimulationError) return undefined;
    throw err;
  }
  return out;
}

/** The declared mirror step of the orbit found; none where the flow does not reach the step's section (the orbit stands without it). */
function stepOf(
  module: LoadedModule,
  orbit: PeriodicOrbit,
  step: NonNullable<OrbitSpec['step']>,
  params: Readonly<Record<string, number>>,
): { step?: OrbitStep } {
  try {
    return { step: orbitStep(module, orbit, step, params) };
  } catch (err) {
    if (err instanceof SimulationError) return {};
    throw err;
  }
}

/**
 * The contacts the period's last impact, the section's, opens: at zero gap
 * where it strikes (closed on the way in: the rimless wheel's spoke behind,
 * not the spokes in the air) and not held after it.
 */
function leavingAt(module: LoadedModule, orbit: PeriodicOrbit, params: Readonly<Record<string, number>>): { leaving?: number[] } {
  const last = orbit.impacts.at(-1);
  if (!last || !module.gaps) return {};
  const g = module.gaps(orbit.t0 + last.t, last.q, params);
  const tol = 1e-9 * (1 + Math.max(...Array.from(g, Math.abs)));
  return { leaving: Array.from(g).flatMap((gj, j) => (Math.abs(gj) <= tol && !last.contacts.includes(j) && !orbit.held[j] ? [j] : [])) };
}

/** One period from the orbit's state on the section, at the parameters it was found at; none where the run fails. */
function cycleOf(module: LoadedModule, orbit: PeriodicOrbit, params: Readonly<Record<string, number>>): { cycle?: OrbitCycle } {
  try {
    const run = simulate(module, { q0: orbit.q, qd0: orbit.qd, t0: orbit.t0, t1: orbit.t0 + orbit.period, params, samples: CYCLE_SAMPLES });
    return { cycle: { t: run.t, q: run.q, qd: run.qd } };
  } catch (err) {
    if (err instanceof SimulationError) return {};
    throw err;
  }
}

/**
 * The model's declared orbit (ModelSpec.orbit) from its generated module:
 * periodicOrbit from the declared start, then, with a continuation, the
 * branch. A failure of Newton is a result, not thrown (the report still
 * builds and says why); a declaration naming what the model lacks throws the
 * runtime's SimulationError with the field (buildModel has already refused
 * such a declaration in a model file).
 */
export function declaredOrbit(module: LoadedModule, declaration: OrbitSpec, impactJacobian?: ImpactJacobianFn): OrbitStudy {
  const model = module.model;
  const byName = (values: Readonly<Record<string, number>>, field: string): number[] => {
    const unknown = Object.keys(values).filter((k) => !model.coordinates.includes(k));
    if (unknown.length)
      throw new SimulationError(
        'invalid-option',
        'input',
        `orbit.${field} names ${unknown.join(', ')}, not a coordinate (coordinates: ${model.coordinates.join(', ')})`,
        { model: model.name, field: `orbit.${field}` },
      );
    return model.coordinates.map((c) => values[c] ?? 0);
  };
  const c = declaration.continuation;
  const params = { ...Object.fromEntries(model.parameters.map((p) => [p.name, p.default])), ...declaration.params, ...(c ? { [c.parameter]: c.from } : {}) };
  const opts: PeriodicOrbitOptions = {
    q0: byName(declaration.q0, 'q0'),
    qd0: byName(declaration.qd0, 'qd0'),
    params,
    section: declaration.section,
    ...(declaration.crossings ? { crossings: declaration.crossings } : {}),
    ...(declaration.fix ? { fix: declaration.fix } : {}),
    ...(declaration.shift ? { shift: declaration.shift } : {}),
    ...(declaration.period ? { period: declaration.period } : {}),
    ...(impactJacobian ? { impactJacobian } : {}),
  };
  const section = describeSection(declaration.section);
  try {
    const orbit = periodicOrbit(module, opts);
    const returns = orbit.asymptotic ? returnsFrom(module, opts) : undefined;
    const drawn = {
      ...(orbit.asymptotic ? cycleOf(module, orbit, params) : {}),
      ...(declaration.sweep ? { sweep: sweepOf(module, opts, orbit, declaration.sweep) } : {}),
      ...(declaration.step ? stepOf(module, orbit, declaration.step, params) : {}),
      ...leavingAt(module, orbit, params),
    };
    if (!c) return { declaration, section, params, orbit, ...(returns ? { returns } : {}), ...drawn };
    const range: [number, number] = [Math.min(c.from, c.to), Math.max(c.from, c.to)];
    const branch = continueOrbit(module, {
      ...opts,
      q0: orbit.q,
      qd0: orbit.qd,
      t0: orbit.t0,
      parameter: c.parameter,
      range,
      direction: c.to >= c.from ? 1 : -1,
    });
    return { declaration, section, params, orbit, branch, ...(returns ? { returns } : {}), ...drawn };
  } catch (err) {
    if (!(err instanceof SimulationError) || err.code === 'invalid-option') throw err;
    return { declaration, section, params, error: err.message };
  }
}
