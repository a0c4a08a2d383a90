// Which mode the hinged compass's impact takes by the direction of
// (ȧ₁⁻, ȧ₂⁻) (src/studies/mode-directions.ts), against Rubanovich–Formalsky's
// own impact equations typed from the paper: G of (3.4) at α = β, the
// stay hypothesis (3.10)–(3.11) (both feet's vertical impulses ≥ 0) and the
// lift-off one (3.12)–(3.13) (D's vertical impulse ≥ 0, B's vertical velocity
// after ≥ 0), with ż₁⁻ = (x₁, y₁) the arriving foot D's velocity. Read with
// G₁₂ for G₂₁ = G₁₂ᵀ (a misreading of (3.11)–(3.13)), they classify other
// directions.
// Models with one free velocity (the compass, the rimless wheel) have no
// directions to study.
import { describe, expect, it } from 'vitest';
import compass from '../../derivations/compass.js';
import compassWalker from '../../derivations/compass-walker.js';
import fallingRod from '../../derivations/falling-rod.js';
import hinged from '../../derivations/hinged-compass.js';
import { evaluate } from '../../src/core/evaluate.js';
import { modeDirections } from '../../src/studies/mode-directions.js';
import { renderLatexBody } from '../../src/report/render-latex.js';
import { impactMapsSection } from '../../src/report/unilateral.js';
import { derived } from '../helpers/examples.js';

type Mat = [[number, number], [number, number]];
const mul = (a: Mat, v: readonly [number, number]): [number, number] => [a[0][0] * v[0] + a[0][1] * v[1], a[1][0] * v[0] + a[1][1] * v[1]];
const sub = (a: Mat, b: Mat): Mat => [
  [a[0][0] - b[0][0], a[0][1] - b[0][1]],
  [a[1][0] - b[1][0], a[1][1] - b[1][1]],
];
const prod = (a: Mat, b: Mat): Mat => [
  [a[0][0] * b[0][0] + a[0][1] * b[1][0], a[0][0] * b[0][1] + a[0][1] * b[1][1]],
  [a[1][0] * b[0][0] + a[1][1] * b[1][0], a[1][0] * b[0][1] + a[1][1] * b[1][1]],
];
const inv = (a: Mat): Mat => {
  const d = a[0][0] * a[1][1] - a[0][1] * a[1][0];
  return [
    [a[1][1] / d, -a[0][1] / d],
    [-a[1][0] / d, a[0][0] / d],
  ];
};
const transpose = (a: Mat): Mat => [
  [a[0][0], a[1][0]],
  [a[0][1], a[1][1]],
];

/** (3.4), typed from the paper at m = 1: the blocks G₁₁ (D), G₁₂, G₂₂ (B) of (3.6). */
function paperG(a: number): { G11: Mat; G12: Mat; G22: Mat } {
  const m = 1;
  const c2 = Math.cos(a) ** 2;
  const s2 = Math.sin(a) ** 2;
  const s2a = Math.sin(2 * a);
  // (3.4), typed from the paper: the blocks G₁₁ (D), G₂₂ (B), G₁₂ = G₂₁ᵀ.
  const G11: Mat = [
    [((m / 2) * (1 + 3 * c2)) / (3 * c2), -m / 2 / s2a],
    [-m / 2 / s2a, ((m / 2) * (1 + 3 * s2)) / (3 * s2)],
  ];
  const G12: Mat = [
    [((m / 2) * (3 * c2 - 1)) / (3 * c2), ((m / 2) * Math.cos(2 * a)) / s2a],
    [((-m / 2) * Math.cos(2 * a)) / s2a, ((m / 2) * (3 * s2 - 1)) / (3 * s2)],
  ];
  const G22: Mat = [
    [((m / 2) * (3 * c2 + 1)) / (3 * c2), m / 2 / s2a],
    [m / 2 / s2a, ((m / 2) * (3 * s2 + 1)) / (3 * s2)],
  ];
  return { G11, G12, G22 };
}

/** D's velocity before the impact for ȧ⁻ = (cos θ, sin θ), foot B at rest at a₁ = −β, l = 1: x₁ = l cos β (ȧ₂ − ȧ₁), y₁ = l sin β (ȧ₁ + ȧ₂). */
const arriving = (theta: number, a: number): [number, number] => [
  Math.cos(a) * (Math.sin(theta) - Math.cos(theta)),
  Math.sin(a) * (Math.cos(theta) + Math.sin(theta)),
];

/** The modes the paper's equations admit for ȧ⁻ = (cos θ, sin θ): 'leaves', 'stays', both or neither; undefined where D does not approach. */
function paperModes(theta: number, beta: number, misread = false): string[] | undefined {
  const a = beta;
  const { G11, G12, G22 } = paperG(a);
  const G21 = misread ? G12 : transpose(G12);
  const z1 = arriving(theta, a);
  if (z1[1] >= 0) return undefined;
  const neg = (v: [number, number]): [number, number] => [-v[0], -v[1]];
  const stayD = neg(mul(G11, z1)); // (3.10)
  const stayB = neg(mul(G21, z1)); // (3.11)
  const leaveD = neg(mul(sub(G11, prod(prod(G12, inv(G22)), G21)), z1)); // (3.12)
  const leaveB = mul(prod(inv(G22), G21), z1); // (3.13)
  return [...(leaveD[1] >= 0 && leaveB[1] >= 0 ? ['leaves'] : []), ...(stayD[1] >= 0 && stayB[1] >= 0 ? ['stays'] : [])];
}

describe('the modes of an impact by the direction of two free velocities', () => {
  const system = derived(hinged);
  const [study] = modeDirections(system);
  const modes = system.unilateral!.impactMaps[0]!.modes;
  const name = (n: number): string => (modes[n]!.stays.length ? 'stays' : 'leaves');
  const studied = (theta: number): string[] | undefined => {
    const arc = study!.arcs.find((a) => a.from < theta && theta < a.to);
    return arc?.modes.map(name).sort();
  };

  it('studies the hinged compass at β = 0.3: foot 1 (D) approaches on the half-circle ȧ₁⁻ + ȧ₂⁻ < 0, θ the direction of (ȧ₂⁻, ȧ₁⁻)', () => {
    expect(study!.velocities).toEqual(["a2'-", "a1'-"]);
    expect(study!.parameters.beta).toBe(0.3);
    expect(study!.arcs[0]!.from).toBeCloseTo((3 * Math.PI) / 4, 12);
    expect(study!.arcs.at(-1)!.to).toBeCloseTo((7 * Math.PI) / 4, 12);
  });

  it('admits at each direction the modes the paper’s (3.10)–(3.13) admit, and not those of G₁₂ misread for G₂₁', () => {
    let misread = 0;
    for (let k = 1; k < 20000; k++) {
      const theta = (3 * Math.PI) / 4 + (k / 20000) * Math.PI;
      if (study!.arcs.some((a) => Math.abs(a.from - theta) < 1e-6 || Math.abs(a.to - theta) < 1e-6)) continue;
      expect(studied(theta), `θ = ${theta}`).toEqual(paperModes(theta, 0.3)!.sort());
      if (paperModes(theta, 0.3, true)!.sort().join() !== studied(theta)!.join()) misread++;
    }
    expect(misread).toBeGreaterThan(100);
  });

  it('finds directions where no mode is admissible (about 31 % of the approaching ones) and none where both are', () => {
    const none = study!.arcs.filter((a) => a.modes.length === 0).reduce((s, a) => s + a.to - a.from, 0) / Math.PI;
    expect(none).toBeGreaterThan(0.3);
    expect(none).toBeLessThan(0.33);
    // The share the report prints: the fraction of directions where the paper's equations admit no mode.
    const n = 20000;
    const without = Array.from({ length: n }, (_, k) => paperModes((3 * Math.PI) / 4 + ((k + 0.5) / n) * Math.PI, 0.3)!).filter((ms) => ms.length === 0).length;
    expect(study!.withoutOutcome).toBeCloseTo(without / n, 3);
    expect(study!.arcs.every((a) => a.modes.length <= 1)).toBe(true);
  });

  it('has nothing to study where one velocity is free (the rigid compass, whose verdict is per sign)', () => {
    expect(modeDirections(derived(compass))).toEqual([]);
  });
});

/**
 * B sliding on the line turned smooth at the impact, D sticking (§3 before (3.15), the line smooth: E_{R₂ₓ} = 0,
 * [y₂] = 0): (3.16) ẋ₂(+0) and (3.15) E_{R₂y} typed from the paper with [z₁] = −ż₁(−0), and D's vertical impulse
 * E_{R₁y} = g₂₁[x₁] + g₂₂[y₁] + g₂₃[x₂] from (3.6)'s second row; with D's vertical impulses of the stay (3.10) and
 * the lift-off (3.12).
 */
function paperSmooth(theta: number, a: number): { D: number; B: number; stayD: number; leaveD: number } {
  const { G11, G12, G22 } = paperG(a);
  const [g21, g22, g23] = [G11[1][0], G11[1][1], G12[1][0]];
  const [g31, g32, g33] = [G12[0][0], G12[1][0], G22[0][0]];
  const [g41, g42, g43] = [G12[0][1], G12[1][1], G22[1][0]];
  const [x1, y1] = arriving(theta, a).map((v) => -v) as [number, number];
  const x2 = -(g31 * x1 + g32 * y1) / g33; // (3.16)
  const B = ((g41 * g33 - g31 * g43) * x1 + (g42 * g33 - g32 * g43) * y1) / g33; // (3.15)
  const G21 = transpose(G12);
  const leaveD = mul(sub(G11, prod(prod(G12, inv(G22)), G21)), [x1, y1])[1]; // (3.12)
  return { D: g21 * x1 + g22 * y1 + g23 * x2, B, stayD: mul(G11, [x1, y1])[1], leaveD };
}

describe('the hinged compass where no mode is: B sliding on a smooth line, or D repelled in every mode', () => {
  const [study] = modeDirections(derived(hinged));
  const arcAt = (theta: number) => study!.arcs.find((a) => a.from < theta && theta < a.to)!;

  it('admits the smooth slide exactly where the paper’s (3.15), (3.16) give both vertical impulses ≥ 0 and no stay or lift-off is admissible', () => {
    const n = 20000;
    let smooth = 0;
    let slides = 0;
    let repels = 0;
    for (let k = 0; k < n; k++) {
      const theta = (3 * Math.PI) / 4 + ((k + 0.5) / n) * Math.PI;
      if (study!.arcs.some((a) => Math.abs(a.from - theta) < 1e-6 || Math.abs(a.to - theta) < 1e-6)) continue;
      const p = paperSmooth(theta, 0.3);
      const none = paperModes(theta, 0.3)!.length === 0;
      expect(arcAt(theta).smooth, `θ = ${theta}`).toBe(p.D >= 0 && p.B >= 0);
      expect(arcAt(theta).repels, `θ = ${theta}`).toBe(p.D < 0 && p.stayD < 0 && p.leaveD < 0);
      if (none && p.D >= 0 && p.B >= 0) smooth++;
      if (p.D >= 0 && p.B >= 0) slides++;
      if (p.D < 0 && p.stayD < 0 && p.leaveD < 0) repels++;
    }
    expect(study!.smoothShare).toBeCloseTo(smooth / n, 3);
    // Mode or not: the slide's own share, over all of mode 2's arc as well.
    expect(study!.smoothAdmissible!.share).toBeCloseTo(slides / n, 3);
    expect(study!.repelShare).toBeCloseTo(repels / n, 3);
  });

  it('fills the gap 4.347 < θ < 4.465 and the start of the one past 4.626 with the slide; past θ = 4.737 D is repelled in every mode', () => {
    const gaps = study!.arcs.filter((a) => a.modes.length === 0);
    expect(gaps.map((a) => [+a.from.toFixed(3), +a.to.toFixed(3), a.smooth, a.repels])).toEqual([
      [4.347, 4.465, true, false],
      [4.626, 4.672, true, false],
      [4.672, 4.737, false, false],
      [4.737, 5.498, false, true],
    ]);
    expect(+(100 * study!.smoothShare!).toFixed(1)).toBe(5.2);
    // The slide itself on 4.347 < θ < 4.672, 10.3 %, mode 2 (foot 2 stays) inside it: two hypotheses there.
    const all = study!.smoothAdmissible!;
    expect(all.intervals.map(([a, b]) => [+a.toFixed(4), +b.toFixed(4)])).toEqual([[4.3467, 4.6717]]);
    expect(+(100 * all.share).toFixed(1)).toBe(10.3);
    expect(all.modes).toEqual([1]);
    // The impulses in the gap, m = l = 1 (|ȧ⁻| = 1), rising to B and falling at D as θ grows.
    expect([4.36, 4.4, 4.44].map((t) => paperSmooth(t, 0.3)).map((p) => [+p.D.toFixed(2), +p.B.toFixed(3)])).toEqual([
      [0.31, 0.006],
      [0.27, 0.025],
      [0.23, 0.044],
    ]);
  });
});

/** x with A x = b by Gaussian elimination with partial pivoting. */
function solve(A: number[][], b: number[]): number[] {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    const p = M.slice(c).reduce((best, row, k) => (Math.abs(row[c]!) > Math.abs(M[best]![c]!) ? c + k : best), c);
    [M[c], M[p]] = [M[p]!, M[c]!];
    for (let r = c + 1; r < n; r++) {
      const f = M[r]![c]! / M[c]![c]!;
      for (let k = c; k <= n; k++) M[r]![k]! -= f * M[c]![k]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) x[r] = (M[r]![n]! - M[r]!.slice(r + 1, n).reduce((s, v, k) => s + v * x[r + 1 + k]!, 0)) / M[r]![r]!;
  return x;
}

/**
 * The smooth slip of the hinged compass, m = l = 1, typed independently of the toolkit in its own coordinates
 * (x, y, a₁, a₂) with a₁ = −β B's leg and a₂ = β D's (the study's θ: (ȧ_B, ȧ_D) = (cos θ, sin θ)): M from
 * T = Σ m|ṙ_O + (l/2) ȧi (cos ai, sin ai)|²/2 + m l² ȧi²/24 (m l²/3 on the diagonal), D kept on the line by
 * its normal row n₂ = (0, 1, 0, l sin a₂) alone, B free: [M −n₂ᵀ; n₂ 0](q̇⁺, Λ) = (M q̇⁻, 0), with B at rest
 * before, q̇⁻ = (−l cos β ȧ₁, l sin β ȧ₁, ȧ₁, ȧ₂). Returns D's normal impulse Λ and B's normal velocity after.
 */
function paperSlip(theta: number, beta: number): { D: number; B: number } {
  const [a1, a2] = [-beta, beta];
  const M = [
    [2, 0, Math.cos(a1) / 2, Math.cos(a2) / 2],
    [0, 2, Math.sin(a1) / 2, Math.sin(a2) / 2],
    [Math.cos(a1) / 2, Math.sin(a1) / 2, 1 / 3, 0],
    [Math.cos(a2) / 2, Math.sin(a2) / 2, 0, 1 / 3],
  ];
  const n1 = [0, 1, Math.sin(a1), 0];
  const n2 = [0, 1, 0, Math.sin(a2)];
  const [d1, d2] = [Math.cos(theta), Math.sin(theta)];
  const before = [-Math.cos(beta) * d1, Math.sin(beta) * d1, d1, d2];
  const K = [...M.map((row, i) => [...row, -n2[i]!]), [...n2, 0]];
  const x = solve(K, [...M.map((row) => row.reduce((s, v, k) => s + v * before[k]!, 0)), 0]);
  return { D: x[4]!, B: n1.reduce((s, v, k) => s + v * x[k]!, 0) };
}

describe('the hinged compass where no impact law has an outcome: D cannot stick and slips', () => {
  const system = derived(hinged);
  const [study] = modeDirections(system);
  const modes = system.unilateral!.impactMaps[0]!.modes;

  it('admits the smooth slip (D on a smooth line, B leaving) where the independent equations give Λ_D ≥ 0 and B separating', () => {
    const n = 5000;
    for (let k = 0; k < n; k++) {
      const theta = (3 * Math.PI) / 4 + ((k + 0.5) / n) * Math.PI;
      const arc = study!.arcs.find((a) => a.from < theta && theta < a.to)!;
      const p = paperSlip(theta, 0.3);
      expect(arc.slip, `θ = ${theta}`).toBe(p.D >= 0 && p.B >= 0);
    }
    // At β = 0.3 on every approaching direction, with D's impulse 0.3148 and B's velocity 0.0377 at θ = 4.70.
    expect(study!.slipShare).toBeCloseTo(1, 12);
    const p = paperSlip(4.7, 0.3);
    expect([+p.D.toFixed(4), +p.B.toFixed(4)]).toEqual([0.3148, 0.0377]);
  });

  it('gives the slip in closed form: D’s impulse and B’s normal velocity after equal the independent solve at any β; B separates only while sin 2β ≤ 2/3', () => {
    const { impulse, separations } = study!.slip!;
    for (const [beta, theta] of [
      [0.3, 4.7],
      [0.45, 4.0],
      [0.2, 5.2],
    ] as const) {
      // θ is the direction of (ȧ₂⁻, ȧ₁⁻): B's leg (a2) first, as paperSlip's a₁.
      const env = { m: 1, l: 1, g: 9.81, beta, "a2'-": Math.cos(theta), "a1'-": Math.sin(theta) };
      const p = paperSlip(theta, beta);
      expect(evaluate(impulse, env)).toBeCloseTo(p.D, 12);
      expect(evaluate(separations[0]!, env)).toBeCloseTo(p.B, 12);
    }
    // Approaching (ȧ₁⁻ + ȧ₂⁻ < 0), B's velocity after has the sign of 1 − (9/4) sin² 2β: lost past β = ½ arcsin(2/3).
    const edge = Math.asin(2 / 3) / 2;
    expect(paperSlip(4.7, edge - 0.01).B).toBeGreaterThan(0);
    expect(paperSlip(4.7, edge + 0.01).B).toBeLessThan(0);
    // The study's closed condition: one factor of β, ≥ 0 exactly where B separates, 0 at β = ½ arcsin(2/3) (sin 2β = 2/3).
    const conditions = study!.slip!.conditions!;
    expect(conditions).toHaveLength(1);
    expect(evaluate(conditions[0]!, { beta: edge })).toBeCloseTo(0, 12);
    for (const beta of [0.1, 0.3, edge - 0.01, edge + 0.01, 0.6, 1.2, Math.PI / 2 - edge + 0.01]) {
      expect(evaluate(conditions[0]!, { beta }) >= 0, `β = ${beta}`).toBe(paperSlip(4.7, beta).B >= 0);
    }
  });

  it('solves the slip’s condition for one sine: sin 2β ≤ 2/3 on β ∈ (0, π/2), the bound B separating obeys by the independent solve', () => {
    const [bound] = study!.slip!.bounds!;
    expect(bound!.atMost).toBe(true);
    expect(evaluate(bound!.bound, {})).toBeCloseTo(2 / 3, 15);
    // β's declared range (0, π/2) keeps sin 2β ≥ 0: the bound solved for β, either side of the sine's peak at π/4,
    // ½ arcsin(2/3) = 0.36486 and π/2 − ½ arcsin(2/3) = 1.20594 (by hand).
    const { below, above } = bound!.solved!;
    expect(evaluate(below, {})).toBeCloseTo(0.3648638, 6);
    expect(evaluate(above, {})).toBeCloseTo(1.2059325, 6);
    // Its quantity is sin 2β: on either side of each edge B separates (ḟ_B ≥ 0) exactly where it is ≤ 2/3.
    for (const beta of [0.1, 0.3, 0.36, 0.37, 0.6, 1.2, 1.2055, 1.21, 1.5]) {
      expect(evaluate(bound!.of, { beta })).toBeCloseTo(Math.sin(2 * beta), 14);
      expect(evaluate(bound!.of, { beta }) <= 2 / 3, `β = ${beta}`).toBe(paperSlip(4.7, beta).B >= 0);
      expect(beta <= evaluate(below, {}) || beta >= evaluate(above, {}), `β = ${beta}`).toBe(paperSlip(4.7, beta).B >= 0);
    }
  });

  it('on 4.672 < θ < 4.737 the lift-off fails only by B not separating ((3.12) D pushed, (3.13) B driven down) and the stay by D pulled (3.10)', () => {
    const arc = study!.arcs.find((a) => a.from < 4.7 && 4.7 < a.to)!;
    expect([+arc.from.toFixed(3), +arc.to.toFixed(3)]).toEqual([4.672, 4.737]);
    const leaves = modes.findIndex((mode) => mode.stays.length === 0);
    const stays = 1 - leaves;
    expect(arc.failing[leaves]!.map((k) => modes[leaves]!.conditions[k]!.meaning)).toEqual(['foot2 separates (normal velocity ≥ 0)']);
    expect(arc.failing[stays]!.map((k) => modes[stays]!.conditions[k]!.meaning)).toEqual(['impulse of foot1 ≥ 0']);
    // The paper's own equations on the arc: (3.12) E_{R₁y} ≥ 0 but (3.13) ẏ₂(+0) < 0; (3.10) E_{R₁y} < 0.
    for (const theta of [4.68, 4.7, 4.73]) {
      const { G11, G12, G22 } = paperG(0.3);
      const z1 = arriving(theta, 0.3);
      const G21 = transpose(G12);
      expect(-mul(sub(G11, prod(prod(G12, inv(G22)), G21)), z1)[1]).toBeGreaterThan(0);
      expect(mul(prod(inv(G22), G21), z1)[1]).toBeLessThan(0);
      expect(-mul(G11, z1)[1]).toBeLessThan(0);
    }
  });
});

/**
 * The compass walker's heel strike at a1 = −a2 = h, typed independently of the toolkit (rubanovich1981 (1.17),
 * the analogue of §3 (3.10)–(3.13)): M from T = m_H|ṙ_H|²/2 + Σ m|ṙ_H + b ȧi (cos ai, sin ai)|²/2, the rows of
 * foot i: f = y − l cos ai (normal), ξ = x + l sin ai (tangent); foot 2 pinned before, ẋ = −l cos a2 ȧ2, ẏ = −l sin a2 ȧ2.
 * 'stays': both feet pinned, q̇⁺ = 0, impulses R⁻ᵀ(−M q̇⁻), both normal ones ≥ 0; 'leaves': foot 1 pinned, foot 1's
 * normal impulse ≥ 0 and foot 2's normal velocity after ≥ 0. Undefined where foot 1 does not approach.
 */
function walkerModes(theta: number, h: number): string[] | undefined {
  const [mH, m, l, b] = [10, 5, 1, 0.5];
  const [a1, a2] = [h, -h];
  const M = [
    [2 * m + mH, 0, m * b * Math.cos(a1), m * b * Math.cos(a2)],
    [0, 2 * m + mH, m * b * Math.sin(a1), m * b * Math.sin(a2)],
    [m * b * Math.cos(a1), m * b * Math.sin(a1), m * b * b, 0],
    [m * b * Math.cos(a2), m * b * Math.sin(a2), 0, m * b * b],
  ];
  const n1 = [0, 1, l * Math.sin(a1), 0],
    t1 = [1, 0, l * Math.cos(a1), 0],
    n2 = [0, 1, 0, l * Math.sin(a2)],
    t2 = [1, 0, 0, l * Math.cos(a2)];
  const [d1, d2] = [Math.cos(theta), Math.sin(theta)];
  const before = [-l * Math.cos(a2) * d2, -l * Math.sin(a2) * d2, d1, d2];
  const dot = (u: number[], v: number[]): number => u.reduce((s, x, i) => s + x * v[i]!, 0);
  if (dot(n1, before) >= 0) return undefined;
  const Mv = M.map((row) => dot(row, before));
  // Both pinned: Rᵀ Λ = −M q̇⁻ with R's rows n1, t1, n2, t2.
  const R = [n1, t1, n2, t2];
  const stay = solve(
    [0, 1, 2, 3].map((i) => R.map((r) => r[i]!)),
    Mv.map((x) => -x),
  );
  // Foot 1 pinned: M q̇⁺ − n1 Λn − t1 Λt = M q̇⁻, n1·q̇⁺ = t1·q̇⁺ = 0.
  const K = [...M.map((row, i) => [...row, -n1[i]!, -t1[i]!]), [...n1, 0, 0], [...t1, 0, 0]];
  const leave = solve(K, [...Mv, 0, 0]);
  const after = leave.slice(0, 4);
  return [...(leave[4]! >= 0 && dot(n2, after) >= 0 ? ['leaves'] : []), ...(stay[0]! >= 0 && stay[2]! >= 0 ? ['stays'] : [])];
}

describe('the compass walker’s heel strike by the direction of (ȧ1⁻, ȧ2⁻), read at a1 = 0.271', () => {
  const system = derived(compassWalker);
  const [study] = modeDirections(system);
  const modes = system.unilateral!.impactMaps[0]!.modes;
  const name = (n: number): string => (modes[n]!.stays.length ? 'stays' : 'leaves');

  it('is studied at the declared configuration: foot 1 approaches on ȧ1⁻ + ȧ2⁻ < 0', () => {
    expect(study!.configuration).toEqual({ a1: 0.271 });
    expect(study!.arcs[0]!.from).toBeCloseTo((3 * Math.PI) / 4, 12);
    expect(study!.arcs.at(-1)!.to).toBeCloseTo((7 * Math.PI) / 4, 12);
  });

  it('admits at each direction the modes of the independent impact equations: foot 2 stays only on a narrow arc', () => {
    let stays = 0;
    const n = 5000;
    for (let k = 1; k < n; k++) {
      const theta = (3 * Math.PI) / 4 + (k / n) * Math.PI;
      if (study!.arcs.some((a) => Math.abs(a.from - theta) < 1e-6 || Math.abs(a.to - theta) < 1e-6)) continue;
      const arc = study!.arcs.find((a) => a.from < theta && theta < a.to)!;
      const expected = walkerModes(theta, 0.271)!.sort();
      expect(arc.modes.map(name).sort(), `θ = ${theta}`).toEqual(expected);
      if (expected.includes('stays')) stays++;
    }
    // ≈ 1.4 % of the approaching directions (a sweep of the conditions typed from the report gives 0.01407).
    expect(stays / n).toBeGreaterThan(0.013);
    expect(stays / n).toBeLessThan(0.015);
  });

  it('the gait’s own heel strike, (ȧ1⁻, ȧ2⁻) = (−1.808, −1.494), lies where only foot 2 leaving is admissible', () => {
    expect(walkerModes(Math.atan2(-1.494, -1.808) + 2 * Math.PI, 0.271)).toEqual(['leaves']);
    const theta = Math.atan2(-1.494, -1.808) + 2 * Math.PI;
    const arc = study!.arcs.find((a) => a.from < theta && theta < a.to)!;
    expect(arc.modes.map(name)).toEqual(['leaves']);
  });

  it('admits the smooth slip on every direction: foot 1 alone pushes 1/(n1 M⁻¹ n1ᵀ) per approach speed, foot 2 lifts (n2 M⁻¹ n1ᵀ) times that', () => {
    // Foot 1 on a smooth line, foot 2 leaving: q̇⁺ = q̇⁻ + M⁻¹n1ᵀΛ with n1·q̇⁺ = 0, so Λ = −n1·q̇⁻/(n1M⁻¹n1ᵀ) and n2·q̇⁺ = n2M⁻¹n1ᵀΛ (n2·q̇⁻ = 0).
    const [mH, m, l, b, h] = [10, 5, 1, 0.5, 0.271];
    const M = [
      [2 * m + mH, 0, m * b * Math.cos(h), m * b * Math.cos(-h)],
      [0, 2 * m + mH, m * b * Math.sin(h), m * b * Math.sin(-h)],
      [m * b * Math.cos(h), m * b * Math.sin(h), m * b * b, 0],
      [m * b * Math.cos(-h), m * b * Math.sin(-h), 0, m * b * b],
    ];
    const [n1, n2] = [
      [0, 1, l * Math.sin(h), 0],
      [0, 1, 0, l * Math.sin(-h)],
    ];
    const w = solve(M, n1);
    const dot = (u: number[], v: number[]): number => u.reduce((s, x, i) => s + x * v[i]!, 0);
    const push = 1 / dot(n1, w);
    expect(study!.slipAlong![0]).toBeCloseTo(push, 9);
    expect(study!.slipAlong![1]).toBeCloseTo(dot(n2, w) * push, 9);
    expect(study!.slipAlong!.every((k) => k > 0)).toBe(true);
    const section = impactMapsSection(system, [study!])!;
    const text = renderLatexBody({ model: 'compass-walker', title: '', provenance: '', abstract: [], sections: [section], citations: [] });
    expect(text).toContain(
      `here the impulse and that velocity are the approach speed times $${Number(push.toPrecision(4))}$ and $${Number((dot(n2, w) * push).toPrecision(4))}$, factors of the configuration alone; so it holds on these arcs too`,
    );
  });
});

// The falling rod's end striking while the other lies on the floor (impact 3, θ = 0, m = l = 1): it approaches
// for θ̇⁻ > 0, tip B's separation −(1 + e)θ̇⁻ ≥ 0 then fails, so tip B never leaves; both stay and stick iff the
// common tangential impulse −ẋ⁻ lies in the cone μ(ΔΛ₁ + ΔΛ₂) = μ(1 + e)θ̇⁻, on the directions
// |cot ϑ| ≤ μ(1 + e): a share 2 arctan(μ(1 + e))/π; they slide together (in either direction) on the rest.
describe('the falling rod at its closed end: one sign of each sliding mode at a time', () => {
  const rod = derived(fallingRod);
  const d = modeDirections(rod);

  it('reads impacts 3 and 4 (two free velocities ẋ⁻, θ̇⁻), whose sliding modes carry sgn ṡ', () => {
    expect(d.map((x) => x.map)).toEqual([2, 3]);
  });

  it('tip B (tip) never leaves; sticking on 2 arctan(μ(1 + e))/π of the directions', () => {
    const [mu, e] = [0.3, 0.5];
    for (const x of d) {
      expect(x.neverLeave).toEqual([x.map === 2 ? 1 : 0]);
      expect(x.withoutOutcome).toBe(0);
      expect(x.modeShares[2]).toBeCloseTo((2 * Math.atan(mu * (1 + e))) / Math.PI, 9);
      expect(x.modeShares[3]).toBeCloseTo(1 - (2 * Math.atan(mu * (1 + e))) / Math.PI, 9);
    }
  });

  it('writes the sticking cone in the velocities before: |−m ẋ⁻| ≤ ±μ m l (1 + e) θ̇⁻ (tip arriving: +, tip B: −)', () => {
    for (const x of d) {
      const env = { m: 1.3, l: 0.7, mu: 0.4, e: 0.6, "x'-": 0.37, "theta'-": -1.1 };
      const sign = x.map === 2 ? 1 : -1;
      expect(x.stick!.mode).toBe(2);
      expect(evaluate(x.stick!.tangential, env)).toBeCloseTo(-1.3 * 0.37, 12);
      expect(evaluate(x.stick!.bound, env)).toBeCloseTo(sign * 0.4 * 1.3 * 0.7 * 1.6 * -1.1, 12);
    }
  });
});
