// The force of each realized retaining constraint (kozlov1988 Theorem 1) along
// the report's simulated motion, beside the multiplier λ of the constraint
// held (1.1): R = F − aφ̈, all the realization exerts along ∂φ; F, its
// spring and damper alone; and λ, R's limit on φ = φ̇ = 0 as the
// realization's parameter N grows. R follows λ to O(1/N): N(R − λ) in each
// run of the study stays the same curve. F lags λ by aφ̈, which does not
// vanish (at the start F = 0 while λ does not).
// Tests: test/studies/realized-reactions.test.ts.
import { evaluator } from '../core/evaluate.js';
import type { Expr } from '../core/expr.js';
import { defaultsEnv } from '../derive/friction/supports.js';
import { derivedFacts, fact } from '../derive/paper-results.js';
import type { DerivedSystem } from '../derive/system.js';
import type { LoadedModule } from '../runtime/contract.js';
import { simulate } from '../runtime/hybrid/simulate.js';

/** Samples of a run: its times, coordinates and velocities. */
export interface SampledRun {
  readonly t: readonly number[];
  readonly q: readonly (readonly number[])[];
  readonly qd: readonly (readonly number[])[];
}

export interface RealizedReaction {
  /** The realized constraint's name. */
  readonly constraint: string;
  /** R = F − aφ̈ at each sample of the report's run. */
  readonly whole: readonly number[];
  /** F, the spring and damper alone, at each sample. */
  readonly springDamper: readonly number[];
  /** λ of the constraint held, at each sample's state. */
  readonly multiplier: readonly number[];
  /** N(R − λ) in each run of the study, N its parameter's value, on the runs' common samples t. */
  readonly scaled: {
    readonly parameter: string;
    readonly values: readonly number[];
    readonly t: readonly number[];
    readonly rows: readonly (readonly number[])[];
  };
}

/** Samples of each run of the study, at the report run's tolerances: some 130 per second of the pendulum's 3 s. */
const SAMPLES = 401;

/**
 * R, F and λ of every realized retaining constraint φ that is a coordinate itself (Kozlov's semi-geodesic f ≡ x₁,
 * where φ = φ̇ = 0 sets that coordinate and its velocity), `parameter` the one its coefficients grow with, along
 * the report's run `tr`; and N(R − λ) along the module's run from its initial state at each of `values`.
 * Undefined where there is no such constraint.
 */
export function realizedReactions(
  system: DerivedSystem,
  module: LoadedModule,
  study: { readonly parameter: string; readonly values: readonly number[] } | undefined,
  tr: SampledRun,
): RealizedReaction[] | undefined {
  if (!study) return undefined;
  const { parameter, values } = study;
  const { model } = system;
  const facts = derivedFacts(system);
  const cs = model.coordinates;
  const base = defaultsEnv(model);
  const along = (r: SampledRun, params: Readonly<Record<string, number>>, e: Expr): number[] =>
    r.t.map((t, k) =>
      evaluator({
        ...base,
        ...params,
        t,
        ...Object.fromEntries(
          cs.flatMap((c, i) => [
            [c.name, r.q[k]![i]!],
            [c.qd.name, r.qd[k]![i]!],
          ]),
        ),
      })(e),
    );
  const terms = (system.compliant?.terms ?? []).flatMap((term) => {
    const c = cs.find((x) => term.gap.kind === 'sym' && x.name === term.gap.name);
    if (term.source !== 'realization' || !c) return [];
    const key = `compliant.${term.name}.reaction`;
    const [whole, multiplier] = [fact(facts, system, key), fact(facts, system, `${key}@${c.name}=0@${c.qd.name}=0@${parameter}→∞`)];
    return whole && multiplier ? [{ term, whole, multiplier }] : [];
  });
  if (!terms.length) return undefined;
  const { q0, qd0, t1 } = module.model.initial;
  const runs = values.map((v) => ({ v, r: simulate(module, { q0, qd0, t1, samples: SAMPLES, rtol: 1e-10, atol: 1e-12, params: { [parameter]: v } }) }));
  return terms.map(({ term, whole, multiplier }) => ({
    constraint: term.name,
    whole: along(tr, {}, whole),
    springDamper: along(tr, {}, term.force),
    multiplier: along(tr, {}, multiplier),
    scaled: {
      parameter,
      values,
      t: runs[0]?.r.t ?? [],
      rows: runs.map(({ v, r }) => {
        const [R, lambda] = [along(r, { [parameter]: v }, whole), along(r, { [parameter]: v }, multiplier)];
        return R.map((x, k) => v * (x - lambda[k]!));
      }),
    },
  }));
}
