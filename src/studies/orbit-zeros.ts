// Why a periodic orbit's return map has zero multipliers (rubanovich1981 §3,
// a walker's stride): on a contact section the state just after each impact
// satisfies the held contacts' rows, each at the velocity level, and each gap
// that involves no component outside the periodicity (the walker's foot row
// along the slope fixes x, which advances, and constrains nothing periodic).
// The return map lands on these conditions whatever the start, so each is a
// zero multiplier; they are counted here from the derived rows, and stated
// only where the count equals the multipliers found 0.
// Tests: test/studies/orbit.test.ts.
import { ZERO } from '../core/expr.js';
import type { DerivedSystem } from '../derive/system.js';
import { rowsOf } from '../derive/unilateral/unilateral.js';
import type { PeriodicOrbit } from '../runtime/analysis/periodic.js';

/** A multiplier this close to 0 is one of the conditions' zeros (the others are far from it: 0.017 for the walker). */
const ZERO_TOL = 1e-9;

export interface HeldConditions {
  /** The contacts held on the section (indices into the model's unilateral constraints). */
  readonly contacts: readonly number[];
  /** Their rows at the velocity level. */
  readonly velocity: number;
  /** Their gaps free of every component outside the periodicity. */
  readonly position: number;
  /** The components outside the periodicity that the other gaps involve. */
  readonly advancing: readonly string[];
}

/** The conditions the section's held contacts impose, when they account for every zero multiplier; undefined otherwise. */
export function heldConditions(system: DerivedSystem, orbit: PeriodicOrbit): HeldConditions | undefined {
  const u = system.unilateral;
  if (!u) return undefined;
  const cs = system.model.coordinates;
  const outside = cs.map((c) => c.name in orbit.periodicity);
  const rows = u.contacts.filter((_c, j) => orbit.held[j]).flatMap(rowsOf);
  const involved = (r: (typeof rows)[number]) => cs.filter((_c, i) => outside[i] && r.row[i] !== ZERO).map((c) => c.name);
  const position = rows.filter((r) => involved(r).length === 0).length;
  const zeros = orbit.multipliers.filter((z) => Math.hypot(z.re, z.im) < ZERO_TOL).length;
  if (rows.length === 0 || zeros !== rows.length + position) return undefined;
  return {
    contacts: u.contacts.flatMap((_c, j) => (orbit.held[j] ? [j] : [])),
    velocity: rows.length,
    position,
    advancing: [...new Set(rows.flatMap(involved))],
  };
}
