// The contact patches in a generated module (src/codegen/patch.ts), for the
// disk of derivations/viscoelastic-disk.ts: forcing adds the force of the
// regime whose conditions hold, exactly the derivation's expression;
// compliantContacts gives the gap, its rate and the normal resultant,
// which changes sign at separation; rhsJacobian includes the patch (central
// differences of rhs, in each regime, sliding and in the stick band).
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/core/evaluate.js';
import { buildModel } from '../../src/model/model.js';
import { deriveSystem } from '../../src/derive/system.js';
import type { PatchRegimeForce } from '../../src/derive/compliant/patch.js';
import spec from '../../derivations/viscoelastic-disk.js';
import { loadGenerated } from '../helpers/generated-module.js';
import { expectClose } from '../helpers/numeric.js';

const sys = deriveSystem(buildModel(spec));
const disk = await loadGenerated(sys);
const term = sys.patches!.terms[0]!;
const P = Object.fromEntries(sys.model.parameters.map((p) => [p.name, p.default])) as Record<string, number>;
const r = P.r!;

/** A state [x, y, φ, ẋ, ẏ, φ̇] at depth q (y = r(1 − q)). */
const state = (q: number, xd: number, yd: number, phid: number): number[] => [0, r * (1 - q), 0, xd, yd, phid];
const env = (x: readonly number[]): Record<string, number> => ({ ...P, x: x[0]!, y: x[1]!, phi: x[2]!, "x'": x[3]!, "y'": x[4]!, "phi'": x[5]! });
const holds = (g: PatchRegimeForce, e: Record<string, number>): boolean =>
  g.conditions.every((c) => {
    const v = evaluate(c.expr, e);
    return { '>': v > 0, '>=': v >= 0, '<': v < 0, '<=': v <= 0, '=': v === 0 }[c.relation];
  });

const CASES: [string, number[], string][] = [
  ['compression, no horizontal motion', state(1e-3, 0, -0.1, 0), 'whole'],
  ['compression, rolling (in the stick band)', state(1e-3, 5, -0.1, -50), 'lower-inner'],
  ['compression, sliding backwards', state(1e-3, -5, -0.1, 0), 'upper-inner'],
  ['restitution, sliding', state(1e-3, 0.5, 0.01, 30), 'lower-inner'],
  ['restitution, no horizontal motion', state(2e-3, 0, 0.01, 0), 'both-inner'],
];

describe("forcing adds the active regime's generalized force", () => {
  it.each(CASES)('%s', (_, x, name) => {
    const e = env(x);
    const active = term.regimes.filter((g) => holds(g, e));
    expect(active.map((g) => g.name)).toEqual([name]);
    // Zero slip: friction inside the cone (|σ| < 1); else the slip's sign.
    const sigma = evaluate(active[0]!.sign!, e);
    if (x[3]! + r * x[5]! === 0) expect(Math.abs(sigma)).toBeLessThan(1);
    else expect(sigma).toBe(Math.sign(x[3]! + r * x[5]!));
    const smooth = sys.lagrange2.forcing.map((f) => evaluate(f, e));
    const forcing = disk.forcing(0, x.slice(0, 3), x.slice(3), P);
    active[0]!.force.forEach((f, i) => expectClose(forcing[i]! - smooth[i]!, evaluate(f, e), 1e-12, 1));
  });
});

describe('at the separation edge: forcing stays finite', () => {
  it("states a few ulps inside both-inner (the discriminant ≈ 0⁺, where a root's base rounds below 0): forcing is finite and tends to the smooth forcing", () => {
    const [k, nu] = [P.k!, P.nu!];
    for (const depth of [1e-4, 2.5e-4, 1.2e-3]) {
      for (const xd of [0.58, 0.87, 0.95]) {
        const y = r * (1 - depth);
        // ẏ where 2kr(k(r − y) − νẏ) + ν²ẋ² = 0 (PatchLaw.separation in the disk's state), then a few ulps either side.
        const edge = (2 * k * r * k * (r - y) + nu * nu * xd * xd) / (2 * k * r * nu);
        for (let j = -40; j <= 40; j++) {
          const x = [0.05, y, -0.014, xd, edge * (1 + j * Number.EPSILON), -2.45];
          const forcing = disk.forcing(0, x.slice(0, 3), x.slice(3), P);
          expect(Array.from(forcing).every(Number.isFinite)).toBe(true);
          // The inner patch has shrunk to nothing: its resultants vanish like the root of the discriminant.
          const smooth = sys.lagrange2.forcing.map((f) => evaluate(f, env(x)));
          forcing.forEach((f, i) => expect(Math.abs(f - smooth[i]!)).toBeLessThan(1e-2));
        }
      }
    }
  });
});

describe('compliantContacts: gap, rate and normal resultant, the switching functions', () => {
  it("equal the derivation's, and the normal resultant is positive in contact, 0 outside, negative once separated", () => {
    for (const [, x] of CASES) {
      const out = disk.compliantContacts!(0, x.slice(0, 3), x.slice(3), P);
      const e = env(x);
      expectClose(out[0]!, evaluate(term.gap, e), 1e-15, 1);
      expectClose(out[1]!, evaluate(term.gapRate, e), 1e-15, 1);
      expect(out[2]!).toBeGreaterThan(0);
      expectClose(out[2]!, evaluate(term.regimes.find((g) => holds(g, e))!.normal, e), 1e-12);
    }
    expect(disk.compliantContacts!(0, [0, 1.01 * r, 0], [0.3, -1, 0], P)[2]).toBe(0);
    // Rising faster than the springs relax, k q + ν q̇ < 0: the foundation has let go.
    expect(disk.compliantContacts!(0, [0, r * (1 - 1e-3), 0], [0, 1, 0], P)[2]).toBeLessThan(0);
  });
  it('the model record lists the patch as a compliant contact without adhesion', () => {
    expect(disk.model.compliant).toEqual([{ name: 'foundation', kind: 'compliant', adhesion: false }]);
  });
});

describe('rhsJacobian includes the patch', () => {
  it.each(CASES)('%s: against central differences of rhs', (_, x) => {
    const J = disk.rhsJacobian!(0, x, P);
    const n = x.length;
    for (let k = 0; k < n; k++) {
      const h = 1e-7 * Math.max(1, Math.abs(x[k]!)) * (k === 1 ? 1e-3 : 1);
      const plus = disk.rhs(
        0,
        x.map((v, i) => (i === k ? v + h : v)),
        P,
      );
      const minus = disk.rhs(
        0,
        x.map((v, i) => (i === k ? v - h : v)),
        P,
      );
      for (let i = 0; i < n; i++) expectClose(J[i * n + k]!, (plus[i]! - minus[i]!) / (2 * h), 1e-5, Math.abs(J[i * n + k]!) + 1);
    }
  });
});
