// Errors raised by the simulation runtime. They extend the toolkit-wide
// MechanicsError (stable `code`, `kind`, model and field) and add the
// simulation time at which the problem appeared, so a failed run says
// where in the trajectory it broke, not only in which stack frame.
//
// Only the drivers (simulate, hybrid, Moreau–Jean) throw. The solvers below
// them (dopri5, event location, linalg, Lemke) return a status instead, as
// Siconos' solvers return an `info` code: a legitimate numerical failure is
// an answer, not an exception.
// Tests: test/runtime/bounded-runs.test.ts, test/runtime/hybrid/hybrid.test.ts, test/model/error-codes.test.ts.

import { MechanicsError, type ErrorCode, type ErrorKind } from '../errors.js';
import type { ImpactStatus } from './contract.js';

/** The codes a simulation may stop with: a part of the toolkit's one union (src/errors.ts). */
export const SIMULATION_ERROR_CODES = [
  'invalid-option',
  'invalid-time',
  'missing-state',
  'state-length',
  'non-finite-input',
  'bad-initial',
  'unknown-parameter',
  'bad-range',
  'bad-restitution',
  'bad-compliant-law',
  'bad-mass',
  'initial-penetration',
  'incomplete-module',
  'unsupported-impact-law',
  'retaining-unsupported',
  'non-ideal-unsupported',
  'unilateral-unsupported',
  'friction-unsupported',
  'non-finite-state',
  'step-underflow',
  'max-steps',
  'too-many-events',
  'too-many-contacts',
  'singular-mass-matrix',
  'impact-loop',
  'impact-corner-without-rule',
  'impact-no-admissible-mode',
  'impact-several-admissible-modes',
  'impact-too-many-contacts',
  'impact-singular-mass-matrix',
  'impact-lcp-failed',
  'no-contact-mode',
  'contact-inconsistent',
  'ambiguous-contact-mode',
  'dependent-contacts',
  'lcp-failed',
  'no-return',
  'orbit-not-converged',
] as const satisfies readonly ErrorCode[];

export type SimulationErrorCode = (typeof SIMULATION_ERROR_CODES)[number];

/** How an impact can fail: a status of the generated impact map, or of the LCP fallback (impact-lcp.ts). */
export type ImpactFailure = Exclude<ImpactStatus, 'ok'> | 'singular-mass-matrix' | 'lcp-failed';

/**
 * The code a failed impact stops the simulation with, one per failure (a new
 * status does not compile until it has a code, and the code a row in docs/errors.md).
 */
export const IMPACT_ERROR_CODE: { readonly [S in ImpactFailure]: `impact-${S}` & SimulationErrorCode } = {
  'corner-without-rule': 'impact-corner-without-rule',
  'no-admissible-mode': 'impact-no-admissible-mode',
  'several-admissible-modes': 'impact-several-admissible-modes',
  'too-many-contacts': 'impact-too-many-contacts',
  'singular-mass-matrix': 'impact-singular-mass-matrix',
  'lcp-failed': 'impact-lcp-failed',
};

/** The state (q, q̇) at which a run failed. */
export interface FailedState {
  readonly q: readonly number[];
  readonly qd: readonly number[];
}

export class SimulationError extends MechanicsError {
  declare readonly code: SimulationErrorCode;
  /** Simulation time at which the failure was detected, when there is one. */
  readonly t: number | undefined;
  /** The state at `t`, for failures of the state itself (a singular mass matrix or contact system, a tripped cap). */
  readonly state: FailedState | undefined;

  constructor(
    code: SimulationErrorCode,
    kind: ErrorKind,
    message: string,
    where: { model: string; field?: string },
    t?: number,
    problems: readonly SimulationError[] = [],
    state?: FailedState,
  ) {
    super(code, kind, t === undefined ? message : `${message} (at t = ${t})`, where, problems);
    this.name = 'SimulationError';
    this.t = t;
    this.state = state;
  }
}

/** Throw every collected input problem at once (one error listing all of them). */
export function throwAll(problems: readonly SimulationError[], model: string): void {
  if (problems.length === 0) return;
  if (problems.length === 1) throw problems[0];
  const first = problems[0];
  const lines = problems.map((e) => `  - ${e.message}`).join('\n');
  throw new SimulationError(first.code, first.kind, `${problems.length} problems:\n${lines}`, { model }, undefined, problems);
}
