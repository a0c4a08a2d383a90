// An impact's rest time t∞ (impact{i}.{m}.rest of src/derive/paper-results.ts:
// the rocking after the impact dies out in finite time, rubanovich1981 §1)
// against the report's run: t∞ at the speed the run strikes with the first
// time the impact's arriving contact strikes, beside the time the run takes
// from that strike to rest. t∞ is first order in that speed (each swing at
// the deceleration of the impact configuration), so the two differ by the
// swings' higher orders.
// Tests: test/studies/rest-time.test.ts.
import { evaluate } from '../core/evaluate.js';
import { freeSymbols, type Expr } from '../core/expr.js';
import type { DerivedSystem } from '../derive/system.js';
import { preImpactName } from '../model/names.js';
import { runImpactModes } from './run-modes.js';

/** A rest-time fact's name: impact{i}.{mode}.rest. */
export const RESTING_FACT = /^impact(\d+)\.[^.]+\.rest$/;

/** An event of a run as this study reads it (structurally the runtime's SimulationEvent). */
export interface RestEvent {
  readonly t: number;
  readonly type: string;
  readonly contacts?: readonly number[];
  readonly qd?: readonly number[];
}

export interface RunRest {
  /** When the arriving contact first strikes in the run. */
  readonly strike: number;
  /** The independent velocity just before that strike (ψ̇⁻). */
  readonly speed: number;
  /** The run's time from that strike to its rest. */
  readonly run: number;
  /** t∞ at that speed and the run's parameters (the defaults). */
  readonly formula: number;
  /** (formula − run)/run. */
  readonly relative: number;
}

/**
 * t∞ (the fact `name`, expression `rest`) against the run whose events are given, at the default parameters;
 * undefined where the run never strikes with that contact, strikes in a mode where another contact stays
 * (t∞ is the leaving mode's), or does not come to rest after it.
 */
export function runRest(system: DerivedSystem, name: string, rest: Expr, events: readonly RestEvent[]): RunRest | undefined {
  const index = RESTING_FACT.exec(name)?.[1];
  const im = index === undefined ? undefined : system.unilateral?.impactMaps[Number(index) - 1];
  const { coordinates, parameters } = system.model;
  const free = freeSymbols(rest);
  const v = coordinates.findIndex((c) => free.has(preImpactName(c.name)));
  if (!im || v < 0) return undefined;
  const strike = events.find((e) => e.type === 'impact' && e.contacts?.includes(im.scenario.arriving));
  const speed = strike?.qd?.[v];
  if (!strike || speed === undefined) return undefined;
  const mode = runImpactModes(events).find((m) => m.t === strike.t);
  if (mode?.stayed.length) return undefined;
  const after = events.find((e) => e.type === 'rest' && e.t >= strike.t);
  if (!after) return undefined;
  const env: Record<string, number> = Object.fromEntries(parameters.map((p) => [p.name, p.default]));
  env[preImpactName(coordinates[v]!.name)] = speed;
  const formula = evaluate(rest, env);
  const run = after.t - strike.t;
  return { strike: strike.t, speed, run, formula, relative: (formula - run) / run };
}
