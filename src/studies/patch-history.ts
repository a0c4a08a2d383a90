// A contact patch with friction along the report's simulated motion
// (kuleshov2011 §2's stages): the slip of the contact point and the depth
// at every sample, when the slip stops for good, and the slip's rate while
// the disk slides on the foundation before that (after the last contact
// event), beside the rate (11.2) gives at rest depth, −3λg sgn(slip) on a level line.
// Tests: test/studies/patch-history.test.ts.
import { evaluator } from '../core/evaluate.js';
import { defaultsEnv } from '../derive/friction/supports.js';
import type { DerivedSystem } from '../derive/system.js';
import type { SimulationEvent } from '../runtime/hybrid/trajectory.js';

export interface PatchHistory {
  readonly name: string;
  readonly t: readonly number[];
  /** The slip velocity of the contact point (the friction's slip, ẋ + rφ̇ for the disk) at each sample. */
  readonly slip: readonly number[];
  /** The patch's depth (ζ for the disk; negative in flight) at each sample. */
  readonly depth: readonly number[];
  /** The first contact. */
  readonly contact: number;
  /** Where the slip stops for good (|slip| below 10⁻⁶ of its largest at every later sample): the first such sample, and the rate before it. */
  readonly stop?: {
    readonly time: number;
    /** d(slip)/dt between the last contact event and the stop, over its later three quarters. */
    readonly rate: number;
    /** The same rate at rest depth, −s/T₁ of Proposition 15 (slip.ts stopTime) at that slip's sign, where derived. */
    readonly atRest?: number;
  };
}

type Run = {
  readonly t: readonly number[];
  readonly q: readonly (readonly number[])[];
  readonly qd: readonly (readonly number[])[];
  readonly events: readonly Pick<SimulationEvent, 't' | 'type'>[];
};

/** Per patch with friction, along a run at the defaults with `params` on top (the report's: none); none where no contact occurs. */
export function patchHistories(system: DerivedSystem, tr: Run, params: Readonly<Record<string, number>> = {}): PatchHistory[] {
  const base = { ...defaultsEnv(system.model), ...params };
  const cs = system.model.coordinates;
  const contacts = tr.events.filter((e) => e.type === 'contact');
  if (!contacts.length) return [];
  const values = tr.t.map((t, k) =>
    evaluator({ ...base, t, ...Object.fromEntries(cs.flatMap((c, i) => [[c.name, tr.q[k]![i]!] as const, [c.qd.name, tr.qd[k]![i]!] as const])) }),
  );
  return (system.patches?.terms ?? []).flatMap((term): PatchHistory[] => {
    const { friction, state, depth: depthSymbol } = term.contact;
    const depthExpr = state.get(depthSymbol);
    if (!friction || !depthExpr) return [];
    const slip = values.map((v) => v(friction.slip));
    const depth = values.map((v) => v(depthExpr));
    const tol = 1e-6 * Math.max(...slip.map(Math.abs));
    const moving = slip.reduce((at, s, k) => (Math.abs(s) > tol ? k : at), -1);
    const last = contacts.at(-1)!.t;
    const stopped = moving + 1 < slip.length && tr.t[moving]! > last;
    const from = tr.t.findIndex((t) => t >= last + 0.25 * (tr.t[moving]! - last));
    const rate = (slip[moving]! - slip[from]!) / (tr.t[moving]! - tr.t[from]!);
    // The slip falls at a constant rate at rest depth, so it is −s/T₁ at any s of the sliding's sign.
    const T1 = term.slipping?.stopTime;
    const atRest = T1 && slip[from] ? -slip[from]! / values[from]!(T1) : undefined;
    const stop = { time: tr.t[moving + 1]!, rate, ...(atRest !== undefined && Number.isFinite(atRest) ? { atRest } : {}) };
    return [{ name: term.name, t: tr.t, slip, depth, contact: contacts[0]!.t, ...(stopped ? { stop } : {}) }];
  });
}
