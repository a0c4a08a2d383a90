// kozlov1988 Fig. 1: one constraint realized in several ways, the motions
// from one initial state compared. §2's point pressed onto the line y = 0
// until x = 0 leaves it at t = 1 when the line is rigid (2.4); realized
// elastically it swings in the strip −2g/N ≤ y ≤ 0 and leaves at
// 1 + O(N^{−1/2}) (the figure's solid line); with an added mass it sinks and
// leaves at 2 + √2 for every N (2.5), the dashed line; with viscous friction
// at 2 + O(1/N) (2.7), "qualitatively like the dashed one". The caller gives
// the loaded module of each realization (the model's own law, the declared
// ones, the rigid one: the pipeline derives them); each is run here from the
// model's initial state, and the contact's gap is recorded on common
// samples, cut above the band the paper draws, with the time it leaves the
// constraint for good: its last release (the event located by the driver)
// where that ends it on f = 0; without adhesion the force may vanish inside
// (f < 0, ḟ = 0 for a damper), and the point then flies back to f = 0
// later: 1 + √(2/N) rather than 1 + ln 2/N for the viscous line (2.4).
// Tests: test/studies/realizations.test.ts.
import type { RealizationsFigure } from '../model/validate/paper-study-figures.js';
import type { LimitStudy } from '../runtime/analysis/rigid-limit.js';
import type { LoadedModule, Params } from '../runtime/contract.js';
import { simulate } from '../runtime/hybrid/simulate.js';

export interface RealizationRun {
  /** The realization in words ('elastic', 'rigid'). */
  readonly label: string;
  /** The contact's gap at each sample, NaN above the cut. */
  readonly gap: readonly number[];
  /** When the motion leaves the contact for good: its gap's last rise through 0 (NaN if it never does). */
  readonly leaves: number;
  /** Its last release is inside the constraint, where the force vanishes without adhesion (kozlov1988 (2.4)): it leaves on flying back. */
  readonly inside?: true;
}

export interface RealizationsStudy {
  readonly contact: string;
  /**
   * Each declared law other than the model's as the model's study parameter grows, against the rigid model (kozlov1988
   * (2.4): without adhesion the viscous line tends to the classical motion); the caller runs them (studies/limit.ts).
   */
  readonly limits?: readonly { readonly label: string; readonly study: LimitStudy }[];
  /** The parameters the runs were made at (the others at their defaults). */
  readonly params: Readonly<Record<string, number>>;
  readonly cut: number;
  readonly t: readonly number[];
  readonly runs: readonly RealizationRun[];
}

/** Samples of each run: some 125 per swing of the elastic realization at N = 100 over t ≤ 4. */
const SAMPLES = 801;
/** A release with its gap above this ends the contact on f = 0 (the located crossing may sit a rounding inside). */
const ON_SURFACE = -1e-9;

/** Each realization run from its module's initial state to the figure's t1, its gap on the common samples. */
export function realizationsStudy(
  figure: RealizationsFigure,
  realizations: readonly { readonly label: string; readonly module: LoadedModule }[],
): RealizationsStudy {
  let t: readonly number[] = [];
  const runs = realizations.map(({ label, module }): RealizationRun => {
    const { q0, qd0 } = module.model.initial;
    const params: Params = Object.fromEntries(Object.entries(figure.params).filter(([p]) => module.model.parameters.some((q) => q.name === p)));
    const run = simulate(module, { q0, qd0, t1: figure.t1, samples: SAMPLES, rtol: 1e-10, atol: 1e-12, params });
    t = run.t;
    const contact = contactOf(module, figure.contact);
    // [f, ḟ] of a realized contact at each sample; a rigid one's gap only.
    const values = run.t.map((s, k) =>
      contact.realized
        ? Array.from(module.compliantContacts!(s, run.q[k]!, run.qd[k]!, params).subarray(3 * contact.index, 3 * contact.index + 2))
        : [module.gaps!(s, run.q[k]!, params)[contact.index]!],
    );
    const release = run.events.filter((e) => e.type === 'release' && e.contacts.includes(contact.index)).at(-1);
    // Released inside the constraint (a damper without adhesion letting go below it), it leaves when it flies back to f = 0.
    const inside = !!release && contact.realized && module.compliantContacts!(release.t, release.q, release.qd, params)[3 * contact.index]! < ON_SURFACE;
    const leaves = !release ? NaN : inside ? regains(run.t, values, release.t) : release.t;
    return { label, gap: values.map(([f]) => (f! > figure.cut ? NaN : f!)), leaves, ...(inside ? { inside: true as const } : {}) };
  });
  return { contact: figure.contact, params: figure.params, cut: figure.cut, t, runs };
}

/**
 * The first rise of f through 0 after `after`, on the cubic through the two
 * samples' f and ḟ about it (exact in a flight under constant forces), by
 * bisection; NaN if f stays below 0.
 */
function regains(t: readonly number[], values: readonly (readonly number[])[], after: number): number {
  const k = t.findIndex((_, i) => i + 1 < t.length && t[i + 1]! > after && values[i]![0]! < 0 && values[i + 1]![0]! >= 0);
  if (k < 0) return NaN;
  const [t0, h] = [t[k]!, t[k + 1]! - t[k]!];
  const [[f0, d0], [f1, d1]] = [values[k]!, values[k + 1]!] as [[number, number], [number, number]];
  // Hermite's cubic in s = (τ − t0)/h.
  const f = (s: number): number =>
    (2 * s ** 3 - 3 * s ** 2 + 1) * f0 + (s ** 3 - 2 * s ** 2 + s) * h * d0 + (-2 * s ** 3 + 3 * s ** 2) * f1 + (s ** 3 - s ** 2) * h * d1;
  let [lo, hi] = [0, 1];
  for (let i = 0; i < 60; i++) [lo, hi] = f((lo + hi) / 2) < 0 ? [(lo + hi) / 2, hi] : [lo, (lo + hi) / 2];
  return t0 + h * hi;
}

/** The contact's index among the module's realized contacts (its events' and compliantContacts' order), or among its rigid ones. */
function contactOf(module: LoadedModule, name: string): { readonly realized: boolean; readonly index: number } {
  const realized = module.model.compliant?.findIndex((c) => c.name === name) ?? -1;
  return realized >= 0 ? { realized: true, index: realized } : { realized: false, index: module.model.unilateral.findIndex((c) => c.name === name) };
}
