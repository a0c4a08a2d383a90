// The reactions Nᵢ and the friction bound Φ of the realized full variant of
// Smirnov's support pairs along the report's simulated motion: which plane
// bears, and with it the friction (smirnov1981 §2, example 1 under a load
// that changes sign), read from the derived closed forms at every sample;
// each switch located where the leaving reaction reaches 0, and how near the
// realized variant comes to self-locking (its Δ/Δ₀, §1).
// Tests: test/studies/support-history.test.ts.
import { cancel, numeratorDenominator } from '../core/cancel.js';
import { diff } from '../core/diff.js';
import { evaluate, evaluator, type Env } from '../core/evaluate.js';
import { div, freeSymbols, neg, ZERO, type Expr } from '../core/expr.js';
import { collectFactors } from '../core/factor.js';
import { subs } from '../core/subs.js';
import { simplify } from '../core/trig.js';
import { TIME } from '../model/names.js';
import { defaultsEnv } from '../derive/friction/supports.js';
import type { DerivedSystem } from '../derive/system.js';
import { bisect } from '../numeric/bisect.js';
import { fixedSigns, timeRoot } from './time-root.js';

export interface SupportHistory {
  readonly t: readonly number[];
  /** Per pair, its reaction Nᵢ ≥ 0 in the realized variant at each sample (NaN where none is realized). */
  readonly reactions: readonly (readonly number[])[];
  /** Φ of the realized variant at each sample. */
  readonly friction: readonly number[];
  /** The realized variant at each sample: its index in system.supports.variants, −1 where none is realized. */
  readonly variant: readonly number[];
  /** How many times the realized variant changes along the run. */
  readonly switches: number;
  /** Each change of the realized variant, located. */
  readonly located: readonly SupportSwitch[];
  /**
   * The determinant Δ of the realized variant at the start and its least along the run, where and in which
   * variant (a vanishing Δ is self-locking, smirnov1981 §1: the reactions grow as 1/Δ).
   */
  readonly determinant?: { readonly initial: number; readonly least: number; readonly t: number; readonly variant: number };
  /** Where the motion comes to rest for the rest of the run (every velocity 0), if it does before the end. */
  readonly rest?: number;
}

/**
 * A change of the realized variant: where the reaction of the variant left reaches 0, found by bisection along the
 * cubic Hermite interpolant of the samples (exact where the reactions depend on t alone: a load swept in time),
 * and the reactions of both variants there (equal where the passage is continuous, smirnov1981 §2).
 */
export interface SupportSwitch {
  readonly t: number;
  readonly from: number;
  readonly to: number;
  /** The reaction of `from` that reaches 0. */
  readonly leaving: number;
  readonly before: readonly number[];
  readonly after: readonly number[];
  /**
   * The switch in closed form, where the leaving reaction's numerator is linear in the time or in one coordinate
   * and in nothing else of the state: that variable's value there, in the parameters (smirnov1981 §2 under a
   * moment M_z + kt: t* = (P_y(a₂ − f₁₂w) − M_z)/k; pair 2 fixed on the guides: x* = a₂ − f₁₂w − M_z/P_y).
   */
  readonly closed?: { readonly variable: string; readonly value: Expr; readonly at: number };
}

type Trajectory = {
  readonly t: readonly number[];
  readonly q: readonly (readonly number[])[];
  readonly qd: readonly (readonly number[])[];
  readonly events?: readonly { readonly t: number; readonly type: string }[];
};

/** Along a trajectory at the default parameters; undefined without closed-form full variants. */
export function supportHistory(system: DerivedSystem, tr: Trajectory): SupportHistory | undefined {
  const vs = system.supports?.variants;
  if (!vs?.length) return undefined;
  const base = defaultsEnv(system.model);
  const cs = system.model.coordinates;
  const at = (t: number, q: readonly number[], qd: readonly number[]) =>
    evaluator({ ...base, t, ...Object.fromEntries(cs.flatMap((c, i) => [[c.name, q[i]!] as const, [c.qd.name, qd[i]!] as const])) });
  const atState = ([t, q, qd]: [number, number[], number[]]) => at(t, q, qd);
  const realized = tr.t.map((t, k) => {
    // One evaluator per sample (the variants' closed forms share their parts), read up to the realized variant.
    const value = at(t, tr.q[k]!, tr.qd[k]!);
    const i = vs.findIndex((v) => v.reactions.every((N) => value(N) >= 0));
    const v = vs[i];
    const det = v ? value(v.det) : Number.NaN;
    return { i, N: v ? v.reactions.map(value) : vs[0]!.reactions.map(() => Number.NaN), friction: v ? value(v.friction) : Number.NaN, det };
  });
  const changes = realized.flatMap((r, k) => (k > 0 && r.i !== realized[k - 1]!.i ? [k] : []));
  const located = changes.flatMap((k) => {
    const [from, to] = [realized[k - 1]!.i, realized[k]!.i];
    if (from < 0 || to < 0 || !(tr.t[k]! > tr.t[k - 1]!)) return [];
    // The reaction of `from` that has gone negative at sample k.
    const Nk = vs[from]!.reactions.map(at(tr.t[k]!, tr.q[k]!, tr.qd[k]!));
    const leaving = Nk.indexOf(Math.min(...Nk));
    const state = (t: number) => hermite(tr, k, t);
    const N = (t: number): number => atState(state(t))(vs[from]!.reactions[leaving]!);
    const t = bisect(N, tr.t[k - 1]!, tr.t[k]!);
    const value = atState(state(t));
    const closed = closedSwitch(system, vs[from]!.reactions[leaving]!, state(t), base);
    return [{ t, from, to, leaving, before: vs[from]!.reactions.map(value), after: vs[to]!.reactions.map(value), ...(closed ? { closed } : {}) }];
  });
  // The last moving sample: at rest sgn q̇ is read from rounding, and the variants' Δ with it.
  let moving = tr.t.length - 1;
  while (moving >= 0 && tr.qd[moving]!.every((v) => Math.abs(v) <= 1e-9)) moving--;
  const least = realized.reduce((best, r, k) => (k <= moving && Math.abs(r.det) < Math.abs(realized[best]?.det ?? Number.POSITIVE_INFINITY) ? k : best), -1);
  // Where it comes to rest: the stick event at or before the first sample at rest, else that sample.
  const stop = tr.t[moving + 1];
  const stick = stop === undefined ? undefined : tr.events?.filter((e) => e.type === 'stick' && e.t <= stop).at(-1)?.t;
  return {
    t: tr.t,
    reactions: vs[0]!.reactions.map((_, p) => realized.map((r) => r.N[p]!)),
    friction: realized.map((r) => r.friction),
    variant: realized.map((r) => r.i),
    switches: changes.length,
    located,
    ...(least >= 0 ? { determinant: { initial: realized[0]!.det, least: realized[least]!.det, t: tr.t[least]!, variant: realized[least]!.i } } : {}),
    ...(stop === undefined ? {} : { rest: stick ?? stop }),
  };
}

/** Relative agreement of a closed-form switch with the located one, which bisection finds to round-off. */
const CLOSED_TOLERANCE = 1e-6;

/**
 * Where N = 0 in closed form: each sgn of the state set to its value at the switch, N's numerator solved for the
 * time or a coordinate it is linear in, the others of the state absent; else, where N depends on t alone, through
 * the cosine or sine of an angle (timeRoot); kept where it gives the located value.
 */
function closedSwitch(system: DerivedSystem, N: Expr, [t, q, qd]: [number, number[], number[]], base: Env): SupportSwitch['closed'] {
  const cs = system.model.coordinates;
  const env: Env = { ...base, t, ...Object.fromEntries(cs.flatMap((c, i) => [[c.name, q[i]!] as const, [c.qd.name, qd[i]!] as const])) };
  const signed = fixedSigns(N, env);
  const names = cs.flatMap((c) => [c.name, c.qd.name]);
  const [numerator] = numeratorDenominator(cancel(simplify(signed)));
  const state = new Set([TIME, ...names]);
  const values = new Map<string, number>([[TIME, t], ...cs.map((c, i) => [c.name, q[i]!] as const)]);
  for (const [variable, at] of values) {
    const slope = simplify(diff(numerator!, variable));
    if (slope === ZERO || [...freeSymbols(slope)].some((x) => state.has(x))) continue;
    const rest = simplify(subs(numerator!, new Map([[variable, ZERO]])));
    if ([...freeSymbols(rest)].some((x) => state.has(x))) continue;
    const value = collectFactors(simplify(cancel(div(neg(rest), slope))));
    if (Math.abs(evaluate(value, base) - at) <= CLOSED_TOLERANCE * Math.max(1, Math.abs(at))) return { variable, value, at };
  }
  // Else in the cosine or sine of an angle linear in t (time-root.ts: F_z = F cos ωt).
  const time = timeRoot(N, names, env, t);
  return time && { variable: TIME, value: time, at: t };
}

/** The state at t between samples k − 1 and k: q cubic Hermite in q and q̇ at both ends, q̇ its derivative. */
function hermite(tr: Trajectory, k: number, t: number): [number, number[], number[]] {
  const [t0, t1] = [tr.t[k - 1]!, tr.t[k]!];
  const h = t1 - t0;
  const s = (t - t0) / h;
  const [h00, h10, h01, h11] = [2 * s ** 3 - 3 * s ** 2 + 1, s ** 3 - 2 * s ** 2 + s, -2 * s ** 3 + 3 * s ** 2, s ** 3 - s ** 2];
  const [d00, d10, d01, d11] = [6 * s ** 2 - 6 * s, 3 * s ** 2 - 4 * s + 1, -6 * s ** 2 + 6 * s, 3 * s ** 2 - 2 * s];
  const [q0, q1, v0, v1] = [tr.q[k - 1]!, tr.q[k]!, tr.qd[k - 1]!, tr.qd[k]!];
  const q = q0.map((_, i) => h00 * q0[i]! + h10 * h * v0[i]! + h01 * q1[i]! + h11 * h * v1[i]!);
  const qd = q0.map((_, i) => (d00 * q0[i]! + d01 * q1[i]!) / h + d10 * v0[i]! + d11 * v1[i]!);
  return [t, q, qd];
}
