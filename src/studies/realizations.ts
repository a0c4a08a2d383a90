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
// samples, cut above the band the paper draws, with the time of its last
// release (the event located by the driver).
// Tests: test/studies/realizations.test.ts.
import type { RealizationsFigure } from '../model/validate/paper-study-figures.js';
import type { LoadedModule, Params } from '../runtime/contract.js';
import { simulate } from '../runtime/hybrid/simulate.js';

export interface RealizationRun {
  /** The realization in words ('elastic', 'rigid'). */
  readonly label: string;
  /** The contact's gap at each sample, NaN above the cut. */
  readonly gap: readonly number[];
  /** The time of the contact's last release event: when the motion leaves it for good (NaN if it never does). */
  readonly leaves: number;
}

export interface RealizationsStudy {
  readonly contact: string;
  /** The parameters the runs were made at (the others at their defaults). */
  readonly params: Readonly<Record<string, number>>;
  readonly cut: number;
  readonly t: readonly number[];
  readonly runs: readonly RealizationRun[];
}

/** Samples of each run: some 125 per swing of the elastic realization at N = 100 over t ≤ 4. */
const SAMPLES = 801;

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
    const gap = run.t.map((s, k) =>
      contact.realized ? module.compliantContacts!(s, run.q[k]!, run.qd[k]!, params)[3 * contact.index]! : module.gaps!(s, run.q[k]!, params)[contact.index]!,
    );
    const releases = run.events.filter((e) => e.type === 'release' && e.contacts.includes(contact.index));
    return { label, gap: gap.map((f) => (f > figure.cut ? NaN : f)), leaves: releases.at(-1)?.t ?? NaN };
  });
  return { contact: figure.contact, params: figure.params, cut: figure.cut, t, runs };
}

/** The contact's index among the module's realized contacts (its events' and compliantContacts' order), or among its rigid ones. */
function contactOf(module: LoadedModule, name: string): { readonly realized: boolean; readonly index: number } {
  const realized = module.model.compliant?.findIndex((c) => c.name === name) ?? -1;
  return realized >= 0 ? { realized: true, index: realized } : { realized: false, index: module.model.unilateral.findIndex((c) => c.name === name) };
}
