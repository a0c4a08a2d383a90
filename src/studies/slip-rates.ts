// The slip velocities ṡⱼ = (∂sⱼ/∂q) q̇ + ∂sⱼ/∂t of a model's planar Coulomb
// contacts along the report's simulated motion: where a contact is closed,
// ṡⱼ ≠ 0 is sliding and ṡⱼ = 0 sticking, and a jump at an impact is the
// impact's outcome (the falling rod's first impact reverses the tip's slip,
// ṡ from 1 to −0.38).
// Tests: test/studies/slip-rates.test.ts.
import { evaluator } from '../core/evaluate.js';
import { ONE, ZERO, type Expr } from '../core/expr.js';
import { defaultsEnv } from '../derive/friction/supports.js';
import type { DerivedSystem } from '../derive/system.js';

/** |gap| ≤ CLOSED × the largest |q| is a closed contact (as motion-plots.ts judges a sticking contact's). */
const CLOSED = 1e-7;
/** |ṡ| ≤ STICKING × the largest |q̇| of a closed contact is sticking, 0. */
const STICKING = 1e-9;

export interface SlipRates {
  /** The planar Coulomb contacts' indices into model.unilateral, in the order of `rates`. */
  readonly contacts: readonly number[];
  /** Per contact, ṡⱼ at each sample of the trajectory where the contact is closed, NaN where it is open (a slip in flight is no sliding). */
  readonly rates: readonly (readonly number[])[];
  /** The unit of the slip coordinates: that of the first coordinate a slip moves with at a fixed rate (the rod's x, m). */
  readonly unit?: string;
}

/**
 * ṡⱼ of every planar Coulomb contact at each sample, but for a slip that is a coordinate itself (the block's
 * s = x: its ṡ is plotted as ẋ already); undefined where none is left.
 */
export function slipRates(
  system: DerivedSystem,
  tr: { readonly t: readonly number[]; readonly q: readonly (readonly number[])[]; readonly qd: readonly (readonly number[])[] },
): SlipRates | undefined {
  const coordinate = (row: readonly Expr[], rate: Expr): boolean => rate === ZERO && row.filter((e) => e !== ZERO).length === 1 && row.includes(ONE);
  const planar = (system.unilateral?.coulomb ?? []).filter((c) => c.slip.length === 1 && !coordinate(c.slip[0]!.row, c.slip[0]!.rate));
  if (!planar.length) return undefined;
  const { model } = system;
  const base = defaultsEnv(model);
  const cs = model.coordinates;
  const at = tr.t.map((t, k) =>
    evaluator({ ...base, t, ...Object.fromEntries(cs.flatMap((c, i) => [[c.name, tr.q[k]![i]!] as const, [c.qd.name, tr.qd[k]![i]!] as const])) }),
  );
  // A gap within this fraction of the motion's largest coordinate is closed (the runtime holds it to roundoff).
  const size = Math.max(1, ...tr.q.flatMap((r) => r.map(Math.abs)).filter(Number.isFinite));
  const speed = Math.max(1, ...tr.qd.flatMap((r) => r.map(Math.abs)).filter(Number.isFinite));
  const along = cs.findIndex((c, i) => c.unit && planar[0]!.slip[0]!.row[i]!.kind === 'num' && planar[0]!.slip[0]!.row[i] !== ZERO);
  return {
    ...(along >= 0 ? { unit: cs[along]!.unit } : {}),
    contacts: planar.map((c) => c.contact),
    rates: planar.map((c) => {
      const { row, rate } = c.slip[0]!;
      const gap = model.unilateral[c.contact]!.gap;
      return at.map((value, k) => {
        if (Math.abs(value(gap)) > CLOSED * size) return Number.NaN;
        const r = value(rate) + row.reduce((sum, e, i) => sum + value(e) * tr.qd[k]![i]!, 0);
        // A sticking contact's slip is roundoff (1e-12 m/s on the rod), which a plot scaled to it would draw as motion.
        return Math.abs(r) <= STICKING * speed ? 0 : r;
      });
    }),
  };
}
