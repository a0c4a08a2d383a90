// The state at each impact, for `simulate`'s JSON and CSV. The runtime's
// events carry time, type and contacts; the event-driven driver calls the
// module's `impact(t, q, q̇⁻, …)` once per impact event, in order (the
// contract in runtime/contract.ts), so a module whose `impact` notes its
// arguments and result gives each impact event its q, q̇⁻, q̇⁺ and impulses.
// Tests: test/cli/cli.test.ts (JSON impact events with qdPlus and impulses).
import type { GeneratedModel } from '../runtime/contract.js';

export interface ImpactRecord {
  readonly t: number;
  readonly q: number[];
  readonly qd: number[];
  /** Absent when the closed-form map did not answer (the runtime then solved the impact otherwise). */
  readonly qdPlus?: number[];
  readonly impulses?: number[];
}

/** The module with an `impact` that records every call into `records`. */
export function recordingImpacts(mod: GeneratedModel, records: ImpactRecord[]): GeneratedModel {
  const impact = mod.impact;
  if (!impact) return mod;
  return {
    ...mod,
    impact(t, q, qdMinus, p, opts) {
      const res = impact(t, q, qdMinus, p, opts);
      records.push({
        t, q: Array.from(q), qd: Array.from(qdMinus),
        ...(res.status === 'ok' ? { qdPlus: Array.from(res.qdPlus), impulses: Array.from(res.impulses) } : {}),
      });
      return res;
    },
  };
}
