// The reactions Nᵢ and the friction bound Φ of the realized full variant of
// Smirnov's support pairs along the report's simulated motion: which plane
// bears, and with it the friction (smirnov1981 §2, example 1 under a load
// that changes sign), read from the derived closed forms at every sample.
// Tests: test/studies/support-history.test.ts.
import { evaluator } from '../core/evaluate.js';
import { defaultsEnv } from '../derive/friction/supports.js';
import type { DerivedSystem } from '../derive/system.js';

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
}

/** Along a trajectory at the default parameters; undefined without closed-form full variants. */
export function supportHistory(
  system: DerivedSystem,
  tr: { readonly t: readonly number[]; readonly q: readonly (readonly number[])[]; readonly qd: readonly (readonly number[])[] },
): SupportHistory | undefined {
  const vs = system.supports?.variants;
  if (!vs?.length) return undefined;
  const base = defaultsEnv(system.model);
  const cs = system.model.coordinates;
  const realized = tr.t.map((t, k) => {
    const env = { ...base, t, ...Object.fromEntries(cs.flatMap((c, i) => [[c.name, tr.q[k]![i]!] as const, [c.qd.name, tr.qd[k]![i]!] as const])) };
    // One evaluator per sample (the variants' closed forms share their parts), read up to the realized variant.
    const value = evaluator(env);
    const i = vs.findIndex((v) => v.reactions.every((N) => value(N) >= 0));
    const v = vs[i];
    return { i, N: v ? v.reactions.map(value) : vs[0]!.reactions.map(() => Number.NaN), friction: v ? value(v.friction) : Number.NaN };
  });
  return {
    t: tr.t,
    reactions: vs[0]!.reactions.map((_, p) => realized.map((r) => r.N[p]!)),
    friction: realized.map((r) => r.friction),
    variant: realized.map((r) => r.i),
    switches: realized.filter((r, k) => k > 0 && r.i !== realized[k - 1]!.i).length,
  };
}
