// The event-driven run of a body on a hinge with journal friction
// (smirnov1981 §2, examples 3 and 4): the pin always holds; while the joint
// turns, the round journal's friction opposes ω (contact/hinges.ts). Two
// modes:
//  - turning with s = sgn ω fixed at the phase's start; the guard 'stop' is
//    sω falling through 0;
//  - held (ω̇ = 0), valid while the moment μ the bearing must supply is
//    within what friction can give at the onset of turning,
//    |μ| ≤ f_r r |N| with |N| = |R|/√(1 + f²) (R the pin's reaction; the
//    pressure's resultant N and its friction f|N| ⟂ N make R); the guard
//    'cone' is that margin falling through 0. The joint then turns against
//    μ — the rest rule of §2 (after the prism: rest persists while the
//    load is within the friction bound).
// No consistent reaction while turning (past the threshold (2.5)) is the
// named error contact-inconsistent. Events: 'stick' when turning ends in
// rest, 'slip' when it starts.
// Tests: test/runtime/hybrid/hinges.test.ts
import type { LoadedModule } from '../contract.js';
import { heldMotion, hingeRate, hingeRowsLength, turningMotion, type HingeAtState } from '../contact/hinges.js';
import { SimulationError } from '../errors.js';
import { simulateRestOrMove } from './rest-or-move.js';
import type { SimulateOptions, Trajectory } from './trajectory.js';

type HingeMode = { readonly kind: 'turn'; readonly s: 1 | -1 } | { readonly kind: 'rest' };

export function simulateHinge(module: LoadedModule, opts: SimulateOptions): Trajectory {
  const name = module.model.name;
  const hinge = module.model.hinges![0]!;
  const n = module.model.coordinates.length;
  const params = opts.params ?? {};
  const mass = new Float64Array(n * n),
    forcing = new Float64Array(n),
    rows = new Float64Array(hingeRowsLength(n));
  const at = (s: number, y: Float64Array): HingeAtState => {
    const q = y.subarray(0, n),
      qd = y.subarray(n, 2 * n);
    module.massMatrix(s, q, params, mass);
    module.forcing(s, q, qd, params, forcing);
    module.hingeRows!(s, q, qd, params, rows);
    return { n, mass, forcing, rows };
  };
  const fail = (s: number, what: string): never => {
    throw new SimulationError('contact-inconsistent', 'numeric', `hinge ${hinge} at t = ${s}: ${what}`, { model: name, field: 'hinges' }, s);
  };
  const held = (s: number, y: Float64Array) =>
    heldMotion(at(s, y)) ?? fail(s, 'the held hinge has no reaction (the pin rows and the moment row are dependent)');
  const margin = (s: number, y: Float64Array): number => held(s, y).margin;

  /** Turning with sgn ω where the joint turns (and has not just stopped); else held, or turning against the held moment. */
  const decide = (s: number, y: Float64Array, stopped: boolean): HingeMode => {
    const omega = hingeRate(at(s, y));
    const scale = 1e-9 * (1 + Math.max(...Array.from(y.subarray(n, 2 * n), Math.abs)));
    if (!stopped && Math.abs(omega) > scale) return { kind: 'turn', s: omega > 0 ? 1 : -1 };
    const hold = held(s, y);
    if (hold.margin >= 0) return { kind: 'rest' };
    return { kind: 'turn', s: hold.moment > 0 ? -1 : 1 };
  };

  return simulateRestOrMove<HingeMode>(module, opts, {
    field: 'hinges',
    changes: `stops of hinge ${hinge}`,
    decide,
    accelerations: (s, y, mode) => {
      if (mode.kind === 'rest') return held(s, y).qdd;
      const turning = turningMotion(at(s, y), mode.s);
      return turning.kind === 'moving'
        ? turning.accelerations
        : fail(s, 'self-locking: no reaction of the journal is consistent with its friction moment (smirnov1981 (2.5), §3)');
    },
    guards: (s, y, mode) => [mode.kind === 'rest' ? margin(s, y) : mode.s * hingeRate(at(s, y))],
  });
}
