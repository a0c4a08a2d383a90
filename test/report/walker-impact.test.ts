// The compass walker's heel strike as its report prints it (the impact map of
// derivations/compass-walker.ts in closed form), against the classical
// compass-gait transition computed here from the point masses alone
// (Goswami et al. 1998; rubanovich1981 §3 for the sticking feet): when the
// standing foot 2 leaves, the only impulse acts at the striking foot 1, so
// the system's angular momentum about foot 1 and leg 2's about the hip are
// kept, and foot 1 stops; when foot 2 stays, everything stops and the two
// feet's impulses take the whole momentum and its moment about foot 2.
import { lossValues } from '../../src/report/motion.js';
import { describe, expect, it } from 'vitest';
import walker from '../../derivations/compass-walker.js';
import { evaluate } from '../../src/core/evaluate.js';
import type { Expr } from '../../src/core/expr.js';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel } from '../../src/model/index.js';
import { renderLatexBody } from '../../src/report/render-latex.js';
import { solve } from '../helpers/numeric.js';
import { models, report } from './reports.js';

const system = deriveSystem(buildModel(walker));
const map = system.unilateral!.impactMaps[0]!;
const mode = (stays: readonly number[]) => map.modes.find((md) => md.stays.join() === stays.join())!;

type Vec2 = [number, number];
const cross = (r: Vec2, v: Vec2): number => r[0] * v[1] - r[1] * v[0];
const minus = (a: Vec2, b: Vec2): Vec2 => [a[0] - b[0], a[1] - b[1]];

const P = { mH: 10, m: 5, l: 1, b: 0.5 };
/** Half-angle a1 = −a2 at the strike and the standing leg's rates before it: Goswami et al.'s gait and a second state. */
const STATES = [
  { a1: 0.2187, a1d: -0.3772, a2d: -1.0918 },
  { a1: 0.35, a1d: 0.8, a2d: -1.7 },
];

/** Hip (x, y), leg masses and their velocities in the slope's frame, at a1 = −a2 = h and y = l cos h. */
function points(h: number, qd: readonly number[]) {
  const [xd, yd, a1d, a2d] = qd as [number, number, number, number];
  const a = [h, -h];
  const hip: Vec2 = [0, P.l * Math.cos(h)];
  const leg = (i: 0 | 1): Vec2 => [P.b * Math.sin(a[i]!), hip[1] - P.b * Math.cos(a[i]!)];
  const legV = (i: 0 | 1, ad: number): Vec2 => [xd + P.b * Math.cos(a[i]!) * ad, yd + P.b * Math.sin(a[i]!) * ad];
  return { hip, vHip: [xd, yd] as Vec2, leg1: leg(0), leg2: leg(1), v1: legV(0, a1d), v2: legV(1, a2d), foot1: [P.l * Math.sin(h), 0] as Vec2 };
}

/** Angular momentum about c of the hip and the two leg masses. */
function momentOfMomentum(h: number, qd: readonly number[], c: Vec2): number {
  const p = points(h, qd);
  return P.mH * cross(minus(p.hip, c), p.vHip) + P.m * cross(minus(p.leg1, c), p.v1) + P.m * cross(minus(p.leg2, c), p.v2);
}

describe('compass walker: the heel strike printed in closed form', () => {
  for (const s of STATES) {
    const env = { ...P, a1: s.a1, "a1'-": s.a1d, "a2'-": s.a2d };
    const at = (e: Expr): number => evaluate(e, env);
    const before = map.qdMinus.map(at);

    it(`foot 2 leaves (a1 = ${s.a1}): the map is the compass-gait transition by angular momentum`, () => {
      const h = s.a1;
      const foot1: Vec2 = [P.l * Math.sin(h), 0];
      // Unknowns (ẋ, ẏ, ȧ1, ȧ2)⁺: foot 1 at rest (two rows), H about foot 1 and leg 2's H about the hip kept.
      const row = (f: (qd: number[]) => number): number[] => [0, 1, 2, 3].map((k) => f([0, 1, 2, 3].map((j) => (j === k ? 1 : 0))));
      const leg2AboutHip = (qd: readonly number[]): number => {
        const p = points(h, qd);
        return P.m * cross(minus(p.leg2, p.hip), p.v2);
      };
      const A = [
        row((v) => v[0]! + P.l * Math.cos(h) * v[2]!),
        row((v) => v[1]! + P.l * Math.sin(h) * v[2]!),
        row((v) => momentOfMomentum(h, v, foot1)),
        row((v) => leg2AboutHip(v)),
      ];
      const after = solve(A, [0, 0, momentOfMomentum(h, before, foot1), leg2AboutHip(before)]);
      const derived = mode([]).qdPlus.map(at);
      for (let k = 0; k < 4; k++) expect(derived[k]).toBeCloseTo(after[k]!, 12);
      // Foot 1's impulse is the whole change of momentum (ẋ, ẏ components: tangent, normal).
      const momentum = (qd: readonly number[]): Vec2 => {
        const p = points(h, qd);
        return [0, 1].map((c) => P.mH * p.vHip[c]! + P.m * p.v1[c]! + P.m * p.v2[c]!) as Vec2;
      };
      const [px0, py0] = momentum(before);
      const [px1, py1] = momentum(after);
      expect(at(mode([]).impulses.get('foot1.t')!)).toBeCloseTo(px1 - px0, 12);
      expect(at(mode([]).impulses.get('foot1.n')!)).toBeCloseTo(py1 - py0, 12);
    });

    it(`foot 2 stays (a1 = ${s.a1}): all stops, the impulses take the momentum and its moment about foot 2`, () => {
      const md = mode([1]);
      for (const v of md.qdPlus) expect(at(v)).toBe(0);
      const p = points(s.a1, before);
      const px = P.mH * p.vHip[0] + P.m * (p.v1[0] + p.v2[0]);
      const py = P.mH * p.vHip[1] + P.m * (p.v1[1] + p.v2[1]);
      const imp = (label: string): number => at(md.impulses.get(label)!);
      expect(imp('foot1.t') + imp('foot2.t')).toBeCloseTo(-px, 12);
      expect(imp('foot1.n') + imp('foot2.n')).toBeCloseTo(-py, 12);
      // Moment about foot 2 (at −l sin h on the slope): foot 1's impulse, 2l sin h ahead, takes all of H.
      const foot2: Vec2 = [-P.l * Math.sin(s.a1), 0];
      expect(cross(minus(p.foot1, foot2), [imp('foot1.t'), imp('foot1.n')])).toBeCloseTo(-momentOfMomentum(s.a1, before, foot2), 12);
    });
  }

  it('the report prints both modes with their conditions, over the common denominator D', () => {
    const t = renderLatexBody(report(models.find((m) => m.spec.name === 'compass-walker')!).doc);
    expect(t).toContain('Impact 1, foot 1 strikes while foot 2 stands');
    expect(t).toContain('Mode 1 (foot 2 leaves)');
    expect(t).toContain('Mode 2 (foot 2 stays)');
    expect(t).toMatch(/where \$D = /);
  });
  it('prints the heel strike in powers of cos a₁ over Z = l²(m_H + m sin²2a₁) + m(l − b)², no sin 3a₁, sin 5a₁ or cos 4a₁', () => {
    const t = renderLatexBody(report(models.find((m) => m.spec.name === 'compass-walker')!).doc);
    const maps = t.slice(t.indexOf('\\subsection{Impact maps}'), t.indexOf('\\section{Results}'));
    for (const multiple of ['3 a_{1}', '4 a_{1}', '5 a_{1}']) expect(maps).not.toContain(multiple);
    // Z: the contact phases name their own sum D (one letter, one sum per report).
    expect(maps).toContain('where $Z = l^{2} (m_{H} + m \\sin^{2} 2 a_{1}) + m (l - b)^{2}$');
    // Δμ₁ = (l sin a₁/D)(…): the factor sin a₁ pulled out of the whole numerator.
    const dmu = maps.slice(maps.indexOf('\\Delta\\mu_{1} &='), maps.indexOf('{eq:compass-walker:impact-1-mode-1-foot1.n}'));
    expect(dmu.startsWith('\\Delta\\mu_{1} &= \\frac{l}{Z} \\bigl(')).toBe(true);
    expect(dmu).toMatch(/\\bigr\) \\sin a_\{1\} \\label$/);
    // The printed map is the derived one: equal at the strike for random rates and parameters.
    const printed = map.onGaps![0]!.impulses.get('foot1.n')!;
    const derived = mode([]).impulses.get('foot1.n')!;
    for (const [k, a1] of [0.1, 0.27, 0.5].entries()) {
      const env = { ...P, mH: 10 + k, a1, "a1'-": 0.3 - k, "a2'-": -1.1 + 0.2 * k };
      expect(evaluate(printed, env)).toBeCloseTo(evaluate(derived, env), 10);
    }
  });
  it('prints double support as fixed by its rows: q̈ = 0 and the static reactions, no accelerations that vanish on it', () => {
    const t = renderLatexBody(report(models.find((m) => m.spec.name === 'compass-walker')!).doc);
    const both = t.slice(t.indexOf('Contact with foot 1 and foot 2'), t.indexOf('\\subsection{Impact maps}'));
    expect(both).toContain('the Jacobian of its 4 rows has rank 4, the number of coordinates, so they fix every coordinate');
    for (const c of ['x', 'y', 'a1', 'a2']) expect(both).toMatch(new RegExp(`&= 0 \\\\label\\{eq:compass-walker:phase-0-1-${c}\\}`));
    expect(both).not.toContain('\\dot{a}_{1}');
    expect(both).toContain('\\dot{\\sigma}_{1} &= \\frac{g}{l \\sin(a_{1} - a_{2})} \\bigl(m b \\cos a_{2} \\sin(a_{1} - \\gamma)');
  });
  it('prints the three contact phases (the stance equations) in closed form, and its conclusion states the findings', () => {
    const t = renderLatexBody(report(models.find((m) => m.spec.name === 'compass-walker')!).doc);
    expect(system.unilateral!.phases.every((p) => p.explicit)).toBe(true);
    expect(t).not.toContain('too large for a closed form');
    const conclusion = t.slice(t.indexOf('\\section{Conclusion}'), t.indexOf('\\section{General equations'));
    expect(conclusion).toMatch(/foot 2 leaves on [\d.]+ \\%, foot 2 stays on [\d.]+ \\%/);
    expect(conclusion).toContain('Carnot');
    // The two mirror steps of the orbit: 0.7343 each, half of τ = 1.469. Foot 1 slipping on a smooth line, admissible on every
    // approaching direction (one frictionless contact arriving), is no finding.
    expect(conclusion).toContain('two mirror steps of 0.7343 each');
    expect(conclusion).not.toContain('100.0');
    // A finding a sentence, not one sentence of semicolons: the losses and the orbit start sentences of their own.
    expect(conclusion).toMatch(/\. Each of the \d impacts of the simulation takes from \$[\d.]+\$ to \$[\d.]+\$ J/);
    expect(conclusion).toContain('. The motion has an asymptotically stable periodic orbit');
  });
  it('names the stance phases’ denominator once: D on foot 2 is D on foot 1, sin² being even', () => {
    const t = renderLatexBody(report(models.find((m) => m.spec.name === 'compass-walker')!).doc);
    const phases = t.slice(t.indexOf('\\subsection{Contact phases}'), t.indexOf('\\subsection{Impact maps}'));
    expect(phases).not.toContain("D'");
    expect(phases).toContain('with the same $D$, which the exchange leaves unchanged.');
  });
  it('prints each fixed-point component’s difference from Goswami et al.’s quote, θ_ns included', () => {
    const t = renderLatexBody(report(models.find((m) => m.spec.name === 'compass-walker')!).doc);
    const table = t.slice(t.indexOf('\\caption{The paper'), t.indexOf('\\end{table}', t.indexOf('\\caption{The paper')));
    // Independent values (a direct Newton on the step map): θ̇_s = −1.092384, θ̇_ns = −0.377374, a₂ = −0.271029,
    // γ = π/60; against the quoted −1.0918, −0.3772, −0.3234.
    const gap = (x: number) =>
      `${Number(x.toPrecision(2))
        .toExponential(1)
        .replace(/e-(\d)/, ' \\cdot 10^{-$1}')}`;
    expect(table).toContain(`$\\dot{\\theta}_s$ & $-1.0918$ & \\eqref{eq:compass-walker:paper-3} & no, $${gap(-1.092384 + 1.0918)}$ apart`);
    expect(table).toContain(`$\\dot{\\theta}_{ns}$ & $-0.3772$ & \\eqref{eq:compass-walker:paper-4} & no, $${gap(-0.377374 + 0.3772)}$ apart`);
    expect(table).toContain(
      `$\\theta_{ns}$ & $-0.3234$ & \\eqref{eq:compass-walker:paper-2} & yes, $${gap(-0.271029 - Math.PI / 60 + 0.3234)}$ apart (to 5e-5)`,
    );
    // The rates taken to g = 9.8 by √(9.8/9.81) agree to the quote's rounding.
    expect(table).toMatch(/\\dot\{\\theta\}_s\|_\{g = 9\.8\}\$ & \$-1\.0918\$ & \\eqref\{[^}]+\} & yes, /);
  });
  it('says in words how the return map’s derivative was formed, and names no letter the report does not use', () => {
    const t = renderLatexBody(report(models.find((m) => m.spec.name === 'compass-walker')!).doc);
    expect(t).toContain("The return map's derivative integrates the variational equations of the phases with the generated module's Jacobian");
    expect(t).not.toContain('Jacobians: generated');
    // No retaining constraint, so no rate term; no friction, so no friction coefficients.
    expect(t).toContain('written $h$, not $f$: in this report that letter names another quantity (the gaps $f_j$).');
    expect(t).not.toContain('rate term');
  });
});

describe('the impacts’ losses as printed', () => {
  it('one number where four digits do not tell them apart (a run on its gait), else the least and the largest', () => {
    // 5.49812 J a step on Goswami et al.'s gait (a direct mode-1 impact of the fixed point): the same at every impact.
    expect(lossValues([5.49812, 5.498121, 5.4981199])).toEqual(['5.498']);
    expect(lossValues([6.39, 5.4141, 5.5])).toEqual(['5.414', '6.39']);
  });
});
