// The algebraic sum of the normal reactions Σᵢ Nᵢ of every full variant of
// Smirnov's support pairs at the default parameters and the initial state.
// smirnov1981 §3 observes, without proof, that the realized variant (every
// Nᵢ ≥ 0) has the largest such sum; this evaluates the sums so the report can
// show where the observation holds for a model.
// Tests: test/studies/support-loads.test.ts.
import { add } from '../core/expr.js';
import { evaluate } from '../core/evaluate.js';
import type { FullVariant } from '../derive/friction/support-variants.js';
import { defaultsEnv } from '../derive/friction/supports.js';
import type { DerivedSystem } from '../derive/system.js';

export interface SupportLoads {
  /** Each full variant with its reactions and their sum at the defaults, in the derivation's order. */
  readonly variants: readonly { readonly variant: FullVariant; readonly reactions: readonly number[]; readonly sum: number; readonly realized: boolean }[];
  /** Whether a realized variant exists and none has a larger sum. */
  readonly realizedIsLargest: boolean;
}

/** The sums over the closed-form full variants, where derived; undefined otherwise. */
export function supportLoads(system: DerivedSystem): SupportLoads | undefined {
  const vs = system.supports?.variants;
  if (!vs?.length) return undefined;
  const env = defaultsEnv(system.model);
  const variants = vs.map((v) => {
    const reactions = v.reactions.map((N) => evaluate(N, env));
    return { variant: v.variant, reactions, sum: evaluate(add(...v.reactions), env), realized: reactions.every((N) => N >= 0) };
  });
  const largest = Math.max(...variants.map((v) => v.sum));
  const realized = variants.filter((v) => v.realized);
  return { variants, realizedIsLargest: realized.length > 0 && realized.every((v) => v.sum === largest) };
}
