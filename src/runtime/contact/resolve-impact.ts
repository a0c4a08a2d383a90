// Which map resolves an impact under the law of impact-law.ts: with Coulomb
// friction (a contact with a friction law and a module with frictionPhase)
// the frictional complementarity problem (friction-impact.ts); otherwise the
// module's closed-form map (`impact`, the same law derived per mode), and
// where it enumerates too many contacts, the LCP (impact-lcp.ts). The
// event-driven run and the orbit machinery call resolveImpact and nothing else.
// Tests: test/runtime/drivers-agree.test.ts (every driver's post-impact state, Routh's rough disk).

import type { LoadedModule, ImpactStatus, Params } from '../contract.js';
import { requireFunctions } from './contacts.js';
import { frictionalImpact } from './friction-impact.js';
import { impactByLcp, type LcpImpact } from './impact-lcp.js';
import { usesFriction } from './friction-modes.js';
import type { ImpactLawName } from './impact-law.js';

/** What an impact gives: q̇⁺, the normal impulses and, with friction, the tangential ones (slip-row order). */
export interface ImpactOutcome {
  readonly status: ImpactStatus | LcpImpact['status'];
  readonly qdPlus: ArrayLike<number>;
  readonly impulses: ArrayLike<number>;
  readonly tangentImpulses?: ArrayLike<number>;
  /** With friction, each contact's phase right after the impact (frictionPhase's codes). */
  readonly modes?: readonly number[];
  /** With friction, the law that resolved it: Newton–Coulomb, or a fallback where that would raise the energy (impact-law.ts). */
  readonly law?: ImpactLawName;
  readonly message?: string;
}

export interface ImpactLawOptions {
  /** Gap tolerance the closed-form map uses to decide which contacts take part. */
  readonly gapTol: number;
  /** Normal approach speed below which a closed contact rests rather than arrives; slip speed below which it sticks. */
  readonly restVelocity: number;
}

/**
 * The velocity jump at (t, q, q̇⁻) with the contacts `closed` (see the
 * header): the one function every event-resolving driver calls.
 */
export function resolveImpact(
  module: LoadedModule,
  params: Params,
  t: number,
  q: ArrayLike<number>,
  qdMinus: ArrayLike<number>,
  closed: readonly boolean[],
  opts: ImpactLawOptions,
): ImpactOutcome {
  // A Coulomb contact needs the frictional problem; 'stick' alone is in the closed-form map.
  if (usesFriction(module)) {
    const res = frictionalImpact(module, params, t, q, qdMinus, closed, { restVelocity: opts.restVelocity });
    const message =
      res.status === 'lcp-failed' ? `the frictional impact's complementarity problem failed (${res.solver}, residual ${res.residual})` : undefined;
    return {
      status: res.status,
      qdPlus: res.qdPlus,
      impulses: res.impulses,
      tangentImpulses: res.tangentialImpulses,
      modes: res.modes,
      law: res.law,
      ...(message ? { message } : {}),
    };
  }
  const mod = requireFunctions(module, ['gaps', 'gapJacobian', 'impact'], 'the impact law');
  const res = mod.impact(t, q, qdMinus, params, { active: closed, tol: opts.gapTol, restVelocity: opts.restVelocity });
  return res.status === 'too-many-contacts' ? impactByLcp(mod, params, t, q, qdMinus, closed) : res;
}
