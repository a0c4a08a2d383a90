// An impact's rest time t∞ (impact{i}.{m}.rest of src/derive/paper-results.ts:
// the rocking after the impact dies out in finite time, rubanovich1981 §1)
// against the report's run: t∞ at the speed the run strikes with the first
// time the impact's arriving contact strikes, beside the time the run takes
// from that strike to rest. t∞ is first order in that speed (each swing at
// the deceleration of the impact configuration), so the two differ by the
// swings' higher orders. Carnot's loss T⁻ − T⁺ (impact{i}.{m}.ΔT, rubanovich1981
// (1.20)) likewise: at the first strike's speed, beside the loss the run takes
// there, the energy before the strike less the energy after it (V continuous).
// Tests: test/studies/rest-time.test.ts.
import { evaluate } from '../core/evaluate.js';
import { freeSymbols, type Expr } from '../core/expr.js';
import type { DerivedSystem } from '../derive/system.js';
import { preImpactName, TIME } from '../model/names.js';
import { runImpactModes } from './run-modes.js';

/** A rest-time fact's name: impact{i}.{mode}.rest. */
export const RESTING_FACT = /^impact(\d+)\.[^.]+\.rest$/;

/** A Carnot-loss fact's name: impact{i}.{mode}.ΔT. */
export const LOSS_FACT = /^impact(\d+)\.([^.]+)\.ΔT$/;

/** An event of a run as this study reads it (structurally the runtime's SimulationEvent). */
export interface RestEvent {
  readonly t: number;
  readonly type: string;
  readonly contacts?: readonly number[];
  readonly q?: readonly number[];
  readonly qd?: readonly number[];
  readonly qdPlus?: readonly number[];
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

/** The first strike of impact map `index`'s arriving contact in the run, and the index of the one independent velocity `e` is in. */
function firstStrike(system: DerivedSystem, index: string | undefined, e: Expr, events: readonly RestEvent[]) {
  const im = index === undefined ? undefined : system.unilateral?.impactMaps[Number(index) - 1];
  const { coordinates } = system.model;
  const free = freeSymbols(e);
  const v = coordinates.findIndex((c) => free.has(preImpactName(c.name)));
  // One independent velocity, the run's at the strike; with more (the hinged compass's ȧ₁⁻, ȧ₂⁻) a single speed does not set the fact.
  if (!im || v < 0 || coordinates.some((c, i) => i !== v && free.has(preImpactName(c.name)))) return undefined;
  const strike = events.find((x) => x.type === 'impact' && x.contacts?.includes(im.scenario.arriving));
  const speed = strike?.qd?.[v];
  if (!strike || speed === undefined) return undefined;
  return { strike, speed, v, mode: runImpactModes(events).find((m) => m.t === strike.t) };
}

/** `e` at the parameters' defaults and the pre-impact velocity v set to `speed`. */
function atSpeed(system: DerivedSystem, e: Expr, v: number, speed: number): number {
  const { coordinates, parameters } = system.model;
  const env: Record<string, number> = Object.fromEntries(parameters.map((p) => [p.name, p.default]));
  env[preImpactName(coordinates[v]!.name)] = speed;
  return evaluate(e, env);
}

/**
 * t∞ (the fact `name`, expression `rest`) against the run whose events are given, at the default parameters;
 * undefined where the run never strikes with that contact, strikes in a mode where another contact stays
 * (t∞ is the leaving mode's), or does not come to rest after it.
 */
export function runRest(system: DerivedSystem, name: string, rest: Expr, events: readonly RestEvent[]): RunRest | undefined {
  const first = firstStrike(system, RESTING_FACT.exec(name)?.[1], rest, events);
  if (!first || first.mode?.stayed.length) return undefined;
  const { strike, speed, v } = first;
  const after = events.find((e) => e.type === 'rest' && e.t >= strike.t);
  if (!after) return undefined;
  const formula = atSpeed(system, rest, v, speed);
  const run = after.t - strike.t;
  return { strike: strike.t, speed, run, formula, relative: (formula - run) / run };
}

export interface RunLoss {
  /** When the arriving contact first strikes in the run. */
  readonly strike: number;
  /** The independent velocity just before that strike (ψ̇⁻). */
  readonly speed: number;
  /** T⁻ − T⁺ the run takes at that strike. */
  readonly run: number;
  /** The loss fact at that speed and the run's parameters (the defaults). */
  readonly formula: number;
}

/**
 * Carnot's loss (the fact `name`, expression `loss`) against the run's first strike of its impact's arriving contact,
 * at the default parameters; undefined without an energy, without such a strike, or where the strike takes another
 * mode than the fact's ('leaves': no closed contact stays; 'stays': none leaves).
 */
export function runLoss(system: DerivedSystem, name: string, loss: Expr, events: readonly RestEvent[]): RunLoss | undefined {
  const [, index, modeName] = LOSS_FACT.exec(name) ?? [];
  const first = firstStrike(system, index, loss, events);
  const energy = system.energy;
  if (!first || !energy) return undefined;
  const { strike, speed, v, mode } = first;
  if ((modeName === 'leaves' && mode?.stayed.length) || (modeName === 'stays' && mode?.left.length) || !strike.q || !strike.qdPlus) return undefined;
  const { coordinates, parameters } = system.model;
  const at = (qd: readonly number[]): number => {
    const env: Record<string, number> = { ...Object.fromEntries(parameters.map((p) => [p.name, p.default])), [TIME]: strike.t };
    coordinates.forEach((c, i) => {
      env[c.name] = strike.q![i]!;
      env[c.qd.name] = qd[i]!;
    });
    return evaluate(energy, env);
  };
  return { strike: strike.t, speed, run: at(strike.qd!) - at(strike.qdPlus), formula: atSpeed(system, loss, v, speed) };
}
