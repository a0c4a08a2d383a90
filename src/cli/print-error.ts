// How a model or simulation error is printed: by every command and by the
// dispatch in cli.ts, which must not load a command's module to do it.
// Tests: test/cli/cli.test.ts (the printed errors).
import type { MechanicsError } from '../errors.js';
import { SimulationError } from '../runtime/errors.js';

/** One line per error; a simulation failure adds the state it failed at (q and q̇ at t). */
export function printError(err: MechanicsError): void {
  console.error(`error [${err.code}]: ${err.message}`);
  if (err instanceof SimulationError && err.state) {
    console.error(`  state at t = ${err.t}: q = [${err.state.q.join(', ')}], qd = [${err.state.qd.join(', ')}]`);
  }
}
