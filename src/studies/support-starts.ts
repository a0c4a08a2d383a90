// The start from rest of a model with Smirnov's support pairs and one degree
// of freedom (smirnov1981 §2): the module run from its initial configuration
// at rest by the runtime's variants of support, once at the default load and
// once with the load set inside the friction bound, half of it with the
// default's sign. The rest rule (derive/friction/support-rest.ts) says the
// first slides where |P| > Φ and the second stays; the runs show what the
// integrated motion does.
// Tests: test/studies/support-starts.test.ts.
import { evaluate } from '../core/evaluate.js';
import { dependsOn, type Expr } from '../core/expr.js';
import { defaultsEnv } from '../derive/friction/supports.js';
import type { DerivedSystem } from '../derive/system.js';
import { bisect } from '../numeric/bisect.js';
import type { LoadedModule } from '../runtime/contract.js';
import { simulate } from '../runtime/hybrid/simulate.js';

export interface SupportStart {
  /** The load P along the free coordinate and the friction bound Φ the rule compares it with. */
  readonly load: number;
  readonly bound: number;
  /** The parameters set apart from the defaults (none for the default load). */
  readonly params: Readonly<Record<string, number>>;
  /** The free coordinate's displacement and velocity at the run's end, t1. */
  readonly displacement: number;
  readonly speed: number;
  readonly t1: number;
  /** Whether the run left rest: displacement or velocity beyond round-off (MOVED). */
  readonly moved: boolean;
  /**
   * Where the load or the bound varies with t and |P| ≤ Φ at the start: the first time the rule no longer holds the
   * system at rest (|P| = Φ), if before t1 (point-between-planes-switching: Φ = f₂F cos ωt falls below |F_x|).
   */
  readonly until?: number;
  /** Whether the load or the bound varies with t (the values above are at t = 0). */
  readonly timed: boolean;
}

/** Samples of [0, t1] searched for the rest rule's first failure before bisection refines it. */
const RULE_SAMPLES = 2000;

/** The first t in [0, t1] with |P(t)| > Φ(t), bisected between samples; undefined if the rule holds throughout. */
function ruleFails(load: Expr, bound: Expr, env: Readonly<Record<string, number>>, t1: number): number | undefined {
  const margin = (t: number): number => evaluate(bound, { ...env, t }) - Math.abs(evaluate(load, { ...env, t }));
  for (let k = 1; k <= RULE_SAMPLES; k++) {
    const [from, to] = [(t1 * (k - 1)) / RULE_SAMPLES, (t1 * k) / RULE_SAMPLES];
    if (margin(to) < 0) return bisect(margin, from, to);
  }
  return undefined;
}

/** Displacement or speed (m, m/s) beyond which a run has left rest: far above the integrator's round-off, far below any sliding by t1. */
const MOVED = 1e-9;

export interface SupportStarts {
  /** The free coordinate, and the parameter that is its load. */
  readonly coordinate: string;
  readonly parameter: string;
  readonly starts: readonly SupportStart[];
}

/** Both starts from rest, where the rest rule is derived and the load is a parameter; undefined otherwise. */
export function supportStarts(system: DerivedSystem, mod: LoadedModule): SupportStarts | undefined {
  const rest = system.supportRest;
  if (rest?.load.kind !== 'sym') return undefined;
  const parameter = rest.load.name;
  if (!system.model.parameters.some((p) => p.name === parameter)) return undefined;
  const i = system.model.coordinates.findIndex((c) => c.name === rest.coordinate);
  const { q0, t1 } = mod.model.initial;
  const inside = { [parameter]: (rest.atDefaults.bound / 2) * Math.sign(rest.atDefaults.load || 1) };
  const starts = [{}, inside].map((params): SupportStart => {
    const tr = simulate(mod, { q0, qd0: q0.map(() => 0), t1, samples: 2, rtol: 1e-8, atol: 1e-10, params });
    const env = { ...defaultsEnv(system.model), ...params };
    const displacement = tr.q.at(-1)![i]! - q0[i]!;
    const timed = dependsOn(rest.load, 't') || dependsOn(rest.bound, 't');
    const held = Math.abs(evaluate(rest.load, { ...env, t: 0 })) <= evaluate(rest.bound, { ...env, t: 0 });
    const until = timed && held ? ruleFails(rest.load, rest.bound, env, t1) : undefined;
    const speed = tr.qd.at(-1)![i]!;
    return {
      load: evaluate(rest.load, env),
      bound: evaluate(rest.bound, env),
      params,
      displacement,
      speed,
      t1,
      moved: Math.abs(displacement) > MOVED || Math.abs(speed) > MOVED,
      timed,
      ...(until === undefined ? {} : { until }),
    };
  });
  return { coordinate: rest.coordinate, parameter, starts };
}
