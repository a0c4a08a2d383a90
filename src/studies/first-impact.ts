// The first impact of the report's run where a contact with Coulomb friction
// strikes alone, read through the derived impact map (unilateral.ts
// coulombModes) at the run's pre-impact state: which outcomes are
// admissible there (sticking, sliding on in the direction of the slip
// before, or in the reverse one), the impulses of the outcome the run took,
// the slip velocity before and after, and the work of the normal and the
// friction impulse, ½Λ(ḟ⁻ + ḟ⁺) and ½ν(ṡ⁻ + ṡ⁺), whose sum is T⁺ − T⁻. A
// friction impulse against the slip after a reversal can do positive work
// while the impact as a whole still dissipates: the report says so with the
// run's numbers.
// Tests: test/studies/first-impact.test.ts.
import { evaluate, type Env } from '../core/evaluate.js';
import type { Expr } from '../core/expr.js';
import type { DerivedSystem } from '../derive/system.js';
import { preImpactName } from '../model/names.js';
import type { Trajectory } from '../runtime/hybrid/trajectory.js';
import { spdSolver } from '../numeric/spd-solver.js';
import { glockerImpact, incrementalImpact, type LawOutcome } from './lone-impact-laws.js';
import { edgeCurve, loneEdges, type EdgeCurve, type LoneEdges } from './lone-outcomes.js';
import { slidingSigns } from './mode-directions.js';

/** One outcome of the impact's map at the run's state: stick, or slide in a direction. */
export interface ImpactOutcome {
  /** Index into the map's modes. */
  readonly mode: number;
  readonly friction: 'stick' | 'slide';
  /** The direction of sliding the outcome assumes (absent: sticking). */
  readonly direction?: -1 | 1;
  readonly admissible: boolean;
  /** The normal and tangential impulses. */
  readonly normal: number;
  readonly tangential: number;
}

export interface FirstImpact {
  readonly t: number;
  /** Index into the system's impact maps; the striking contact. */
  readonly map: number;
  readonly contact: number;
  /** The configuration and the velocities before, by coordinate. */
  readonly q: readonly number[];
  readonly qdMinus: readonly number[];
  /** The contact's normal and slip velocities before and after. */
  readonly normalVelocity: readonly [number, number];
  readonly slipVelocity: readonly [number, number];
  /** The friction coefficient at the defaults. */
  readonly mu: number;
  /** Every outcome of the map, admissible or not. */
  readonly outcomes: readonly ImpactOutcome[];
  /** The outcome the run took: the admissible one whose velocities after are the run's. */
  readonly taken: ImpactOutcome;
  /** The work of the normal and of the friction impulse, and T⁺ − T⁻ of the run. */
  readonly normalWork: number;
  readonly frictionWork: number;
  readonly energyChange: number;
  /** The same impact under the other laws (lone-impact-laws.ts): Coulomb on the increments, and Glocker's. */
  readonly incremental: LawOutcome;
  readonly glocker?: LawOutcome;
  /** The edges r₋ ≤ r₊ of sticking in r = ṡ⁻/|ḟ⁻| (lone-outcomes.ts), their values here, the run's r, and the edges over a half-turn at the defaults. */
  readonly edges?: LoneEdges & { readonly values: readonly [number, number]; readonly ratio: number; readonly curve?: EdgeCurve };
}

/** Relative agreement of the map's velocities after with the run's. */
const AGREE = 1e-6;

export function firstImpact(system: DerivedSystem, tr: Trajectory): FirstImpact | undefined {
  const u = system.unilateral;
  if (!u) return undefined;
  const params: Env = Object.fromEntries(system.model.parameters.map((p) => [p.name, p.default]));
  const names = system.model.coordinates.map((c) => c.name);
  for (const e of tr.events) {
    if (e.type !== 'impact' || !e.qdPlus || e.contacts?.length !== 1) continue;
    const contact = e.contacts[0]!;
    const map = u.impactMaps.findIndex((im) => im.scenario.arriving === contact && !im.scenario.closed.length && im.modes.some((m) => m.friction));
    const kin = u.contacts[contact]!;
    const slip = kin.slip?.[0];
    if (map < 0 || !slip || !kin.friction) continue;
    const im = u.impactMaps[map]!;
    const env: Env = {
      ...params,
      ...Object.fromEntries(
        names.flatMap((n, i) => [
          [n, e.q[i]!],
          [preImpactName(n), e.qd[i]!],
        ]),
      ),
    };
    const rate = (row: readonly Expr[], v: readonly number[]): number => row.reduce((s, r, i) => s + evaluate(r, env) * v[i]!, 0);
    const outcomes = im.modes.flatMap((mode, k) =>
      slidingSigns(system, mode).map((signs): ImpactOutcome & { readonly qdPlus: number[] } => {
        const at = { ...env, ...signs };
        const direction = Object.values(signs)[0] as -1 | 1 | undefined;
        return {
          mode: k,
          friction: mode.friction ?? 'stick',
          ...(direction ? { direction } : {}),
          admissible: mode.conditions.every((c) => evaluate(c.expr, at) >= 0),
          normal: evaluate(mode.impulses.get(kin.normal.label)!, at),
          tangential: evaluate(mode.impulses.get(slip.label)!, at),
          qdPlus: mode.qdPlus.map((x) => evaluate(x, at)),
        };
      }),
    );
    const scale = Math.max(1e-300, ...e.qdPlus.map(Math.abs));
    const taken = outcomes.find((o) => o.admissible && o.qdPlus.every((v, i) => Math.abs(v - e.qdPlus![i]!) <= AGREE * scale));
    // Resolved otherwise (Glocker's law where Newton–Coulomb would gain energy): not this law's impact.
    if (!taken) continue;
    const normalVelocity = [rate(kin.normal.row, e.qd), rate(kin.normal.row, e.qdPlus)] as const;
    const slipVelocity = [rate(slip.row, e.qd), rate(slip.row, e.qdPlus)] as const;
    const M = system.lagrange2.massMatrix.map((row) => row.map((x) => evaluate(x, env)));
    const kinetic = (v: readonly number[]): number => 0.5 * v.reduce((s, vi, i) => s + vi * M[i]!.reduce((r, mij, j) => r + mij * v[j]!, 0), 0);
    // The contact's Delassus matrix: its normal and slip rows through M⁻¹.
    const rows = [kin.normal.row, slip.row].map((r) => r.map((x) => evaluate(x, env)));
    const along = rows.map((r) => spdSolver(M.length, M)!(r));
    const w = (i: number, j: number): number => rows[i]!.reduce((s, x, k) => s + x * along[j]![k]!, 0);
    const lone = {
      W: [
        [w(0, 0), w(0, 1)],
        [w(1, 0), w(1, 1)],
      ],
      before: [normalVelocity[0], slipVelocity[0]],
      e: evaluate(kin.restitution, params),
      mu: evaluate(kin.friction.kinetic, params),
    } as const;
    const glocker = glockerImpact(lone);
    const closed = loneEdges(system, map);
    const curve = closed && edgeCurve(system, closed, params);
    const edges = closed && {
      ...closed,
      values: [evaluate(closed.lower, env), evaluate(closed.upper, env)] as const,
      ratio: slipVelocity[0] / Math.abs(normalVelocity[0]),
      ...(curve ? { curve } : {}),
    };
    const strip = ({ qdPlus: _, ...o }: ImpactOutcome & { readonly qdPlus: number[] }): ImpactOutcome => o;
    return {
      t: e.t,
      map,
      contact,
      q: e.q,
      qdMinus: e.qd,
      normalVelocity,
      slipVelocity,
      mu: evaluate(kin.friction.kinetic, params),
      outcomes: outcomes.map(strip),
      taken: strip(taken),
      normalWork: 0.5 * taken.normal * (normalVelocity[0] + normalVelocity[1]),
      frictionWork: 0.5 * taken.tangential * (slipVelocity[0] + slipVelocity[1]),
      energyChange: kinetic(e.qdPlus) - kinetic(e.qd),
      incremental: incrementalImpact(lone),
      ...(glocker ? { glocker } : {}),
      ...(edges ? { edges } : {}),
    };
  }
  return undefined;
}
