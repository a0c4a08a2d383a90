// Errors raised by the simulation runtime. They extend the toolkit-wide
// MechanicsError (stable `code`, `kind`, model and field) and add the
// simulation time at which the problem appeared, so a failed run says
// where in the trajectory it broke, not only in which stack frame.
//
// Only the drivers (simulate, hybrid, Moreau–Jean) throw. The solvers below
// them (dopri5, event location, linalg, Lemke) return a status instead, as
// Siconos' solvers return an `info` code: a legitimate numerical failure is
// an answer, not an exception.

import { MechanicsError, type ErrorKind } from '../errors.js';

export class SimulationError extends MechanicsError {
  /** Simulation time at which the failure was detected, when there is one. */
  readonly t: number | undefined;

  constructor(
    code: string, kind: ErrorKind, message: string, where: { model: string; field?: string }, t?: number,
    problems: readonly SimulationError[] = [],
  ) {
    super(code, kind, t === undefined ? message : `${message} (at t = ${t})`, where, problems);
    this.name = 'SimulationError';
    this.t = t;
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
