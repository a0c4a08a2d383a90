// An impact's rest time t∞ (impact{i}.{m}.rest of src/derive/paper-results.ts:
// the rocking after the impact dies out in finite time, rubanovich1981 §1)
// against the report's run: t∞ at the speed the run strikes with the first
// time the impact's arriving contact strikes, beside the time the run takes
// from that strike to rest. t∞ is first order in that speed (each swing at
// the deceleration of the impact configuration), so the two differ by the
// swings' higher orders. Carnot's loss T⁻ − T⁺ (impact{i}.{m}.ΔT, rubanovich1981
// (1.20), (3.14)) likewise: at each strike's pre-impact velocities and
// half-angle, beside the loss the run takes there, the energy before the
// strike less the energy after it (V continuous).
// Tests: test/studies/rest-time.test.ts.
import { evaluate } from '../core/evaluate.js';
import { equalAt } from '../core/equal-at.js';
import { freeSymbols, type Expr } from '../core/expr.js';
import { subs } from '../core/subs.js';
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
  /** When the arriving contact (or its mirror image) strikes in the run. */
  readonly strike: number;
  /** The independent velocity just before that strike (ψ̇⁻), where there is one. */
  readonly speed?: number;
  /** The values the formula is taken at: the pre-impact velocities, and the parameters the impact configuration fixes (β of a1 = β). */
  readonly at: Readonly<Record<string, number>>;
  /** The formula's own symbols there (`shown`), the arriving foot's velocity ẋ₁, ẏ₁ of rubanovich1981 (3.14). */
  readonly values: Readonly<Record<string, number>>;
  /** The contact that strikes, where the mirror image of the impact's arriving one (the compass's foot 2). */
  readonly mirror?: number;
  /** T⁻ − T⁺ the run takes at that strike. */
  readonly run: number;
  /** The loss at the strike's values and the run's other parameters (the defaults). */
  readonly formula: number;
}

/**
 * The coordinates' order that carries a strike of contact `c` onto one of `onto` (the identity for c = onto): a mirror
 * phase's exchange (mirror-phases.ts, a1 ↔ a2) under which c's normal and tangent rows become onto's; else undefined.
 */
function exchangeOnto(system: DerivedSystem, c: number, onto: number): number[] | undefined {
  const u = system.unilateral!;
  const cs = system.model.coordinates;
  const identity = cs.map((_c, i) => i);
  if (c === onto) return identity;
  const rows = (j: number): readonly (readonly Expr[])[] => [u.contacts[j]!.normal.row, ...(u.contacts[j]!.tangent ? [u.contacts[j]!.tangent!.row] : [])];
  for (const { mirror } of u.phases) {
    if (!mirror) continue;
    const [i, k] = mirror.swap.map((name) => cs.findIndex((x) => x.name === name)) as [number, number];
    const swap = new Map<string, Expr>([
      [cs[i]!.q.name, cs[k]!.q],
      [cs[k]!.q.name, cs[i]!.q],
    ]);
    const order = identity.map((m) => (m === i ? k : m === k ? i : m));
    // f_onto(q) = f_c(Pq), (Pq)_m = q_order[m]: its gradient's entry m is c's entry order[m] at Pq.
    const mirrored = rows(c).map((row) => order.map((m) => subs(row[m]!, swap)));
    if (mirrored.length === rows(onto).length && equalAt(mirrored.flat(), rows(onto).flat())) return order;
  }
  return undefined;
}

/**
 * Carnot's loss (the fact `name`, expression `loss`: the paper's formula with its symbols bound, or the derived one)
 * against the first strike of the run by its impact's arriving contact, and by that contact's mirror image (the compass's
 * other foot, the strike read with the coordinates exchanged), in the fact's mode ('leaves': no closed contact stays;
 * 'stays': none leaves): the loss at the strike's pre-impact velocities and at the parameters the impact configuration
 * fixes read off the strike (β of a1 = β), the others at their defaults, with the symbols `shown` there; a strike
 * elsewhere than at the impact's configuration is left out. Empty without an energy or such a strike.
 */
export function runLoss(
  system: DerivedSystem,
  name: string,
  loss: Expr,
  events: readonly RestEvent[],
  shown: ReadonlyMap<string, Expr> = new Map(),
): RunLoss[] {
  const [, index, modeName] = LOSS_FACT.exec(name) ?? [];
  const im = index === undefined ? undefined : system.unilateral?.impactMaps[Number(index) - 1];
  const energy = system.energy;
  if (!im || !energy) return [];
  const { coordinates, parameters } = system.model;
  const defaults: Record<string, number> = Object.fromEntries(parameters.map((p) => [p.name, p.default]));
  const free = freeSymbols(loss);
  const velocities = coordinates.flatMap((c, i) => (free.has(preImpactName(c.name)) ? [i] : []));
  // The parameters the impact configuration is: a coordinate set to a bare parameter (a1 = β).
  const fixed = [...im.scenario.at].flatMap(([c, e]): [number, string][] =>
    e.kind === 'sym' && parameters.some((p) => p.name === e.name) ? [[coordinates.findIndex((x) => x.name === c), e.name]] : [],
  );
  const modes = runImpactModes(events);
  const seen = new Set<number>();
  return events.flatMap((strike): RunLoss[] => {
    if (strike.type !== 'impact' || strike.contacts?.length !== 1 || !strike.q || !strike.qd || !strike.qdPlus) return [];
    const c = strike.contacts[0]!;
    if (seen.has(c)) return [];
    const order = exchangeOnto(system, c, im.scenario.arriving);
    if (!order) return [];
    const [q, qd] = [order.map((m) => strike.q![m]!), order.map((m) => strike.qd![m]!)];
    const at: Record<string, number> = {
      ...Object.fromEntries(velocities.map((i) => [preImpactName(coordinates[i]!.name), qd[i]!])),
      ...Object.fromEntries(fixed.map(([i, p]) => [p, q[i]!])),
    };
    // The strike at the impact's configuration (a2 = −β, y = l cos β with β read off a1), not another one (the legs
    // crossing, a1 = a2, where the compass's feet meet).
    const env = { ...defaults, ...at };
    if ([...im.scenario.at].some(([x, e]) => Math.abs(evaluate(e, env) - q[coordinates.findIndex((c) => c.name === x)]!) > 1e-6)) return [];
    // The contact's first strike there, in the fact's mode or none (a plastic arrival at a speed of 1e-5 is no test).
    seen.add(c);
    const mode = modes.find((m) => m.t === strike.t);
    if (!mode || (modeName === 'leaves' && mode.stayed.length) || (modeName === 'stays' && mode.left.length)) return [];
    const energyAt = (v: readonly number[]): number => {
      const state: Record<string, number> = { ...defaults, [TIME]: strike.t };
      coordinates.forEach((x, i) => {
        state[x.name] = strike.q![i]!;
        state[x.qd.name] = v[i]!;
      });
      return evaluate(energy, state);
    };
    return [
      {
        strike: strike.t,
        ...(velocities.length === 1 ? { speed: qd[velocities[0]!]! } : {}),
        at,
        ...(c === im.scenario.arriving ? {} : { mirror: c }),
        values: Object.fromEntries([...shown].map(([symbol, e]) => [symbol, evaluate(e, env)])),
        run: energyAt(strike.qd) - energyAt(strike.qdPlus),
        formula: evaluate(loss, env),
      },
    ];
  });
}
