// rubanovich1981 §2 shown on the report's run: "below a threshold of the
// speed rolling stops and rocking begins". The speed v⁺² after each impact of
// the run against the least v⁺² that carries the system over the arriving
// contact (the fact impact{i}.vault), and the steady rolling's v⁺², the fixed
// point of the stride map (impact{i}.leaves.rolling), at the run's slope and at
// the declared orbit's: where the fixed point is below the threshold no
// rolling orbit exists, and the run falls back. The closed forms are the
// paper's general model's (paper.general), evaluated at its defaults with the
// model's parameters in their place.
// Tests: test/studies/rolling-speeds.test.ts.
import { evaluate } from '../core/evaluate.js';
import { freeSymbols, type Expr } from '../core/expr.js';
import { derivedFacts } from '../derive/paper-results.js';
import type { DerivedSystem } from '../derive/system.js';
import { MechanicsError } from '../errors.js';
import type { Trajectory } from '../runtime/hybrid/trajectory.js';

/** One impact of the run: when, which contact strikes (its index), v⁺², and which contact strikes next. */
export interface RollingImpact {
  readonly t: number;
  readonly contact: number;
  readonly speedSquared: number;
  readonly next?: number;
}

/** The threshold and the steady rolling's v⁺² at one set of parameters. */
export interface RollingAt {
  readonly params: Readonly<Record<string, number>>;
  readonly threshold: number;
  readonly rolling: number;
}

export interface RollingSpeedsStudy {
  /** The one independent velocity's coordinate (ψ of the wheel). */
  readonly coordinate: string;
  /** The parameter the orbit changes (γ), if any. */
  readonly parameter?: string;
  /** The closed forms: the least v⁺² to roll on, the stride's gain c, the steady rolling's v⁺² = r²c/(1 − r²). */
  readonly threshold: Expr;
  readonly gain: Expr;
  readonly rolling: Expr;
  /** (2.6)'s ratio r = ψ̇⁺/ψ̇⁻ of the rolling impact (impact1.leaves.ratio) at the defaults: a stride multiplies a deviation of v⁺² by r². */
  readonly ratio: number;
  /** The general model's parameters at which the forms are evaluated (the model's defaults in their place). */
  readonly defaults: Readonly<Record<string, number>>;
  /** The general parameter the model's impact configuration fixes (α = π/k), if one. */
  readonly fixed?: string;
  /** Every impact of the run. */
  readonly impacts: readonly RollingImpact[];
  /** The first impact after which v⁺² is below the threshold (its index), if any. */
  readonly fallsBack?: number;
  /** When the run comes to rest (its rest event), if it does. */
  readonly rest?: number;
  /** At the model's defaults, then at the orbit's parameters where it declares others. */
  readonly slopes: readonly RollingAt[];
}

/** The run's speeds at its impacts against the general model's threshold and steady rolling (rubanovich1981 §2). */
export function rollingSpeedsStudy(
  general: DerivedSystem,
  system: DerivedSystem,
  tr: Trajectory,
  orbitParams: Readonly<Record<string, number>> = {},
): RollingSpeedsStudy {
  const { model } = system;
  const facts = derivedFacts(general);
  const [threshold, gain, rolling, ratio] = ['impact1.vault', 'impact1.stride', 'impact1.leaves.rolling', 'impact1.leaves.ratio'].map((k) => facts.get(k));
  const scenario = general.unilateral?.impactMaps[0]?.scenario;
  const coordinate = scenario?.independent.length === 1 ? scenario.independent[0]! : undefined;
  const v = model.coordinates.findIndex((c) => c.name === coordinate);
  if (!threshold || !gain || !rolling || !ratio || !coordinate || v < 0)
    throw new MechanicsError(
      'bad-argument',
      'model',
      `${model.name}: 'rolling-speeds' draws rubanovich1981 §2's threshold and steady rolling, which the paper's general model does not derive`,
      { model: model.name, field: 'paper.studyFigures' },
    );
  const own = Object.fromEntries(model.parameters.map((p) => [p.name, p.default]));
  const fixed = fixedBy(general, system, coordinate);
  const defaults = { ...Object.fromEntries(general.model.parameters.map((p) => [p.name, p.default])), ...own, ...fixed };
  const at = (params: Readonly<Record<string, number>>): RollingAt => {
    const env = { ...defaults, ...params };
    return { params, threshold: evaluate(threshold, env), rolling: evaluate(rolling, env) };
  };
  const hits = tr.events.filter((e) => e.type === 'impact' && e.qdPlus);
  const impacts = hits.map((e, i) => ({
    t: e.t,
    contact: e.contacts[0]!,
    speedSquared: e.qdPlus![v]! ** 2,
    ...(hits[i + 1] ? { next: hits[i + 1]!.contacts[0]! } : {}),
  }));
  const here = at({});
  const rest = tr.events.find((e) => e.type === 'rest');
  const fallsBack = impacts.findIndex((i) => i.speedSquared < here.threshold);
  const changed = Object.entries(orbitParams).filter(([name, x]) => own[name] !== x);
  return {
    coordinate,
    ...(changed.length === 1 ? { parameter: changed[0]![0] } : {}),
    threshold,
    gain,
    rolling,
    ratio: evaluate(ratio, defaults),
    defaults,
    ...(Object.keys(fixed).length ? { fixed: Object.keys(fixed)[0]! } : {}),
    impacts,
    ...(fallsBack >= 0 ? { fallsBack } : {}),
    ...(rest ? { rest: rest.t } : {}),
    slopes: changed.length ? [here, at(Object.fromEntries(changed))] : [here],
  };
}

/**
 * The one general parameter the model fixes, read off where the impact happens: the general impact's coordinate is
 * linear in it and equals the model's there (α from ψ = −α against the six-spoke wheel's ψ = −π/6); none otherwise.
 */
function fixedBy(general: DerivedSystem, system: DerivedSystem, c: string): Record<string, number> {
  const theirs = general.unilateral?.impactMaps[0]?.scenario.at.get(c);
  const mine = system.unilateral?.impactMaps[0]?.scenario.at.get(c);
  const own = new Set(system.model.parameters.map((p) => p.name));
  const free = theirs ? [...freeSymbols(theirs)].filter((s) => !own.has(s)) : [];
  if (!theirs || !mine || free.length !== 1) return {};
  const name = free[0]!;
  const at = (x: number): number => evaluate(theirs, { [name]: x });
  const [b, a] = [at(0), at(1) - at(0)];
  const value = (evaluate(mine, {}) - b) / a;
  return Number.isFinite(value) && Math.abs(at(value) - evaluate(mine, {})) < 1e-12 ? { [name]: value } : {};
}
