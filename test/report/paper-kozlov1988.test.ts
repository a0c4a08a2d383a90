// kozlov1988's results derived in closed form and checked against the
// formulas typed from the paper: Theorem 1's realization (1.1)–(1.4), the
// impact scheme of Theorem 3 (3.1)–(3.6), the stiff floor's periodic
// bouncing (4.2)–(4.5), Birkhoff's orbit between stiff walls (4.6)–(4.7) and Lyapunov's constant of §4, and the periodic orbits between concave walls (4.8), (4.9)
// and in the ellipse (6.2) measured on the report's orbit and its branch (the
// losses through +1 located on 2 − tr, at the defaults and at a second set),
// (6.1) and (6.2)'s bounds from the derived trace of the axis oscillations,
// and that trace's limit as the ellipse becomes the parabola (§6: (6.2) → (4.1));
// each row agreeing, and a wrong-sign or misread variant of each disagreeing.
import { describe, expect, it } from 'vitest';
import birkhoff from '../../derivations/kozlov-birkhoff-orbit.js';
import birkhoffStiff from '../../derivations/kozlov-birkhoff-stiff.js';
import minorAxis from '../../derivations/kozlov-ellipse-minor-axis.js';
import ellipse from '../../derivations/kozlov-ellipse-oscillator.js';
import concave from '../../derivations/kozlov-concave-walls.js';
import impact from '../../derivations/kozlov-impact.js';
import realized from '../../derivations/kozlov-realized-pendulum.js';
import stiffBouncing from '../../derivations/kozlov-stiff-bouncing.js';
import parabolic from '../../derivations/parabolic-billiard.js';
import { evaluate } from '../../src/core/evaluate.js';
import { freeSymbols, sub, type Expr } from '../../src/core/expr.js';
import { linearForms } from '../../src/derive/linearization/equilibria.js';
import type { LimitRow } from '../../src/runtime/analysis/rigid-limit.js';
import { parseExpr } from '../../src/core/parse.js';
import { simplify } from '../../src/core/trig.js';
import { derivedFacts, fact } from '../../src/derive/paper-results.js';
import type { ModelSpec } from '../../src/model/index.js';
import type { PaperFormulaSpec, PaperSpec } from '../../src/model/spec.js';
import { compileModel } from '../../src/pipeline/compiled-model.js';
import { buildModel } from '../../src/model/model.js';
import { deriveSystem } from '../../src/derive/system.js';
import { compileRigid } from '../../src/pipeline/rigid.js';
import { limitStudyOf, theoremLaw } from '../../src/studies/limit.js';
import { loadGenerated } from '../../src/pipeline/load-generated.js';
import { reportInputs } from '../../src/pipeline/report-inputs.js';
import { declaredOrbit } from '../../src/studies/orbit.js';
import { simulate, simulateHamilton } from '../../src/runtime/hybrid/simulate.js';
import { paperCheck, type PaperCheck } from '../../src/studies/paper-check.js';
import { TOOLKIT } from '../../src/codegen/module.js';
import { buildReport } from '../../src/report/report.js';
import type { Inline } from '../../src/report/document.js';
import { cellText, tableOf } from './reports.js';

const built = new Map<string, { system: ReturnType<typeof compileModel>['system']; computed: ReturnType<typeof reportInputs>['options'] }>();
function once(spec: ModelSpec) {
  const hit = built.get(spec.name);
  if (hit) return hit;
  const compiled = compileModel({ spec, source: `derivations/${spec.name}.ts` }, loadGenerated);
  const value = { system: compiled.system, computed: reportInputs(compiled).options };
  built.set(spec.name, value);
  return value;
}
const report = (spec: ModelSpec, paper: PaperSpec = spec.paper!): PaperCheck => {
  const { system, computed } = once(spec);
  return paperCheck(system, paper, computed);
};
/** The model's declaration with one formula replaced. */
const wrong = (spec: ModelSpec, i: number, change: Partial<PaperFormulaSpec>): PaperSpec => ({
  ...spec.paper!,
  formulas: spec.paper!.formulas.map((f, k) => (k === i ? { ...f, ...change } : f)),
});

describe.each([
  // With c < 0 declared, |c| = −c: (6.2)'s E₊ and §6's closing remark agree symbolically.
  ['kozlov-ellipse-oscillator', ellipse, ['measured', 'symbolic', 'symbolic', 'symbolic', 'symbolic']],
  ['kozlov-ellipse-minor-axis', minorAxis, ['measured', 'symbolic', 'symbolic']],
  ['kozlov-birkhoff-orbit', birkhoff, ['measured', 'measured', 'measured', 'measured', 'symbolic', 'symbolic', 'symbolic']],
  [
    'kozlov-birkhoff-stiff',
    birkhoffStiff,
    // (4.6)–(4.7), I₁, I₂, a; a at (4.8)'s thresholds; I₁, a and l* as R₂ → ∞; the δs' place; the orbit's trace at the
    // sweep's largest N against the rigid a.
    [...Array(15).fill('symbolic'), 'symbolic', 'measured'],
  ],
  ['kozlov-concave-walls', concave, ['measured', 'measured', 'numeric', 'symbolic', 'numeric']],
  // (1.3) twice, (1.1)'s constraint lim max|u| = 0 measured, the toolkit's φ̈ → 0, (1.1)'s θ̈ and λ, then Theorem 1 and the rates.
  // Th. 1's rate shown beside its limit, not fitted in a row of its own.
  ['kozlov-realized-pendulum', realized, ['symbolic', 'symbolic', 'measured', 'symbolic', 'symbolic', 'symbolic', 'measured', 'measured']],
  ['kozlov-stiff-bouncing', stiffBouncing, ['symbolic', 'symbolic', 'symbolic', 'symbolic', 'symbolic', 'symbolic', 'symbolic', 'measured']],
  [
    'kozlov-impact',
    impact,
    [
      // (3.3), (3.4), (3.6), δ_N, (3.2) and x₂(δ_N): Theorem 3 over N is the rigid-limit table's, beside the law.
      ...['symbolic', 'symbolic', 'symbolic', 'symbolic', 'numeric', 'symbolic', 'symbolic', 'symbolic', 'symbolic', 'symbolic'],
      // After Theorem 3, V + exp(−Nf) at k = 0: (3.2) twice, δ_N → 0; then its δ_N, depth and speed beyond
      // (x₁(δ_N) = 0 is not a row: δ_N is defined as that zero).
      ...['symbolic', 'symbolic', 'symbolic', 'numeric', 'symbolic', 'symbolic'],
    ],
  ],
] as const)('%s against kozlov1988', (_, spec, how) => {
  it(`compares ${how.length} formulas (${how.join(', ')}) and every one agrees`, () => {
    const rows = report(spec).rows.filter((r) => r.agrees !== undefined);
    expect(rows.map((r) => r.how)).toEqual(how);
    expect(rows.filter((r) => !r.agrees).map((r) => r.formula.eq)).toEqual([]);
  });
});

describe('kozlov1988 Theorem 1 (1.1)–(1.4): the pendulum with its rod realized', () => {
  it('the realized motion tends to the rigid pendulum like 1/N: distance 0.076 at N = 10, 7.9e-5 at N = 10⁴', () => {
    const study = once(realized).computed.limitStudy!;
    const distances = study.rows.map((r) => r.distance);
    expect(distances[0]).toBeCloseTo(0.0761, 3);
    distances.slice(1).forEach((d, i) => expect(d / distances[i]!).toBeCloseTo(0.1, 1));
    expect(study.orders.distance).toBeCloseTo(1, 1);
  });
  it('N|q_N(t) − q(t)| nearly the same curve at N = 10³ and 10⁴: the deviation is O(1/N) along the motion', () => {
    const { deviations } = once(realized).computed.limitStudy!;
    expect(deviations!.order).toBe(1);
    const [a, b] = deviations!.rows.slice(-2) as [readonly number[], readonly number[]];
    const top = Math.max(...b);
    expect(top).toBeGreaterThan(0.7);
    expect(Math.max(...a.map((x, k) => Math.abs(x - b[k]!)))).toBeLessThan(0.05 * top);
  });
  it('(1.1) along the run at N = 100: the whole realized rod force within g cos θ₀/(1 + α₀N) of λ = −g cos θ − lθ̇², at the start where u = u̇ = 0', () => {
    const row = report(realized).rows[7]!;
    expect(row.formula.eq).toBe('(1.1)');
    // R − λ = ü − uθ̇², largest at the start from rest at θ₀ = 1: ü(0) = g cos 1/(1 + α₀N), g = 9.81, α₀ = 1.
    expect(row.measured!.value).toBeCloseTo((9.81 * Math.cos(1)) / 101, 5);
    expect(row.agrees).toBe(true);
    // The paper's side is written in the initial angle θ₀, not its value 1.
    expect([...freeSymbols(row.paper!)].sort()).toEqual(['N', 'alpha0', 'g', 'theta0']);
  });
  it('(1.1)’s f = 0: the rod’s largest stretch max|u| falls like 1/N to 0, N max|u| near the quasi-static g(3 − 2 cos θ₀)/β₀ at the bottom', () => {
    const study = once(realized).computed.limitStudy!;
    // u is coordinate 0; the rigid pendulum's u is 0, so the distance in u is max|u|.
    const stretch = study.rows.map((r) => (r as LimitRow).distances[0]!);
    // At the bottom, from rest at θ₀ = 1: lθ̇² = 2g(1 − cos θ₀), so the rod carries g(3 − 2 cos θ₀) and stretches by that over β₀N.
    const quasiStatic = (9.81 * (3 - 2 * Math.cos(1))) / 100;
    study.rows.slice(1).forEach((r, i) => expect(r.value * stretch[i + 1]!).toBeGreaterThan(0.95 * quasiStatic));
    study.rows.slice(1).forEach((r, i) => expect(r.value * stretch[i + 1]!).toBeLessThan(1.3 * quasiStatic));
    const row = report(realized).rows[2]!;
    expect(row.formula.name).toBe('\\lim_{N \\to \\infty} \\max_t |u|');
    expect(row.measured!.value).toBeLessThan(stretch.at(-1)!);
    expect(row.agrees).toBe(true);
    // The limit 0 is shown by its rate: N max|u| per run, near the quasi-static stretch from N = 100 on.
    const rate = row.measured!.rate!;
    expect(rate.order).toBe(1);
    expect(rate.values).toEqual([10, 100, 1000, 10000]);
    rate.scaled.slice(1).forEach((x) => expect(x / quasiStatic).toBeGreaterThan(0.95));
    rate.scaled.slice(1).forEach((x) => expect(x / quasiStatic).toBeLessThan(1.3));
  });
  it('without the added mass (α₀ = 0, Tikhonov’s singular case the pointwise limit misses) it tends to it too: 0.072, 0.0074, 7.4e-4', () => {
    const compiled = compileModel({ spec: realized, source: 'derivations/kozlov-realized-pendulum.ts' }, loadGenerated);
    const study = limitStudyOf(realized, compiled.loaded, compileRigid(realized, loadGenerated)!.loaded, { values: [10, 100, 1000], params: { alpha0: 0 } })!;
    const distances = study.rows.map((r) => r.distance);
    expect(distances[0]).toBeCloseTo(0.072, 3);
    distances.slice(1).forEach((d, i) => expect(d / distances[i]!).toBeCloseTo(0.1, 1));
  });
});

describe('kozlov1988 (1.3) linearized: the printed M, C, K carry the rod’s added mass, damper and spring, as the eigenvalues do', () => {
  const system = deriveSystem(buildModel(realized));
  it('M = diag(1 + α₀N, (l + u)²), C = diag(γ₀N, 0), K = [[β₀N, g sin θ], [g sin θ, g(l + u) cos θ]] at random states', () => {
    const forms = linearForms(system);
    for (const [u, th, N, a, b, c] of [
      [0.01, 0.3, 100, 1, 100, 10],
      [-0.2, 2.1, 7, 0.5, 3, 2],
    ] as const) {
      const env = { u, theta: th, l: 1, g: 9.81, alpha0: a, beta0: b, gamma0: c, N, theta0: 1 };
      const at = (m: readonly (readonly Expr[])[]): number[][] => m.map((r) => r.map((e) => evaluate(e, env)));
      const close = (x: number[][], y: number[][]): void => x.flat().forEach((v, k) => expect(v).toBeCloseTo(y.flat()[k]!, 10));
      close(at(forms.M), [
        [1 + a * N, 0],
        [0, (1 + u) ** 2],
      ]);
      close(at(forms.C), [
        [c * N, 0],
        [0, 0],
      ]);
      close(at(forms.K), [
        [b * N, 9.81 * Math.sin(th)],
        [9.81 * Math.sin(th), 9.81 * (1 + u) * Math.cos(th)],
      ]);
    }
  });
  it('the rest u = g/(β₀N), θ = 0: the pendulum’s ±i√(g/(l + u)) and the rod’s roots of (1 + α₀N)s² + γ₀N s + β₀N', () => {
    const [eq] = once(realized).computed.linearization!.equilibria;
    const u = 9.81 / (100 * 100);
    expect(eq!.q[0]).toBeCloseTo(u, 9);
    const omega = Math.sqrt(9.81 / (1 + u));
    const [m, c, k] = [101, 1000, 10000];
    const rod = { re: -c / (2 * m), im: Math.sqrt(4 * m * k - c * c) / (2 * m) };
    const expected = [{ re: 0, im: omega }, { re: 0, im: -omega }, rod, { re: rod.re, im: -rod.im }];
    const found = [...eq!.eigenvalues].sort((x, y) => y.re - x.re || y.im - x.im);
    expected
      .sort((x, y) => y.re - x.re || y.im - x.im)
      .forEach((z, i) => {
        expect(found[i]!.re).toBeCloseTo(z.re, 6);
        expect(found[i]!.im).toBeCloseTo(z.im, 6);
      });
  });
});

describe('kozlov1988 (1.2): the realized pendulum’s momenta are those of L_N = T_N − V_N', () => {
  // L_N typed from the paper: T + αu̇²/2 − V − βu²/2, α = α₀N, β = β₀N, T = ½u̇² + ½(l + u)²θ̇², V = −g(l + u)cos θ.
  const P = { l: 1, g: 9.81, alpha0: 1, beta0: 100, N: 100 };
  const L = (u: number, th: number, ud: number, thd: number): number =>
    0.5 * ud ** 2 + 0.5 * (P.l + u) ** 2 * thd ** 2 + 0.5 * P.alpha0 * P.N * ud ** 2 + P.g * (P.l + u) * Math.cos(th) - 0.5 * P.beta0 * P.N * u ** 2;
  const { loaded } = compileModel({ spec: realized, source: 'derivations/kozlov-realized-pendulum.ts' }, loadGenerated);
  const start = { q0: [0.01, 1], qd0: [0.5, 0.3] };
  it('p = ∂L_N/∂q̇ by central differences at 51 states along a run: p_u carries the added mass, (1 + α₀N)u̇', () => {
    const run = simulate(loaded, { ...start, t1: 1, samples: 51 });
    const h = 1e-5;
    let swing = 0;
    run.t.forEach((t, k) => {
      const [u, th] = run.q[k]! as [number, number];
      const [ud, thd] = run.qd[k]! as [number, number];
      const p = loaded.momenta(t, [u, th], [ud, thd], {});
      const pu = (L(u, th, ud + h, thd) - L(u, th, ud - h, thd)) / (2 * h);
      const pth = (L(u, th, ud, thd + h) - L(u, th, ud, thd - h)) / (2 * h);
      expect(Math.abs(p[0]! - pu)).toBeLessThan(1e-7 * Math.max(1, Math.abs(pu)));
      expect(Math.abs(p[1]! - pth)).toBeLessThan(1e-7 * Math.max(1, Math.abs(pth)));
      swing = Math.max(swing, Math.abs(ud));
    });
    // The stretch moves (|u̇| up to 0.5), so p_u = u̇ without the added mass would differ by 100u̇.
    expect(swing).toBeGreaterThan(0.1);
  });
  it('Hamilton’s equations of L_N from p = momenta(q̇₀) follow the same motion (realized forces in ṗ): 1e-6 at t = 1', () => {
    const lagrange = simulate(loaded, { ...start, t1: 1, samples: 2, rtol: 1e-10, atol: 1e-12 });
    const pm0 = loaded.momenta(0, start.q0, start.qd0, {});
    const hamilton = simulateHamilton(loaded, { q0: start.q0, pm0, t1: 1, samples: 2, rtol: 1e-10, atol: 1e-12 });
    lagrange.q[1]!.forEach((x, i) => expect(Math.abs(hamilton.q[1]![i]! - x)).toBeLessThan(1e-6));
  });
});

describe('kozlov1988 (4.8)–(4.9): the 2-periodic orbits between concave walls', () => {
  it('Birkhoff’s billiard at l = 0.5, R₁ = 0.7, R₂ = 0.9: trace 2(1 − 2l(R₁⁻¹ + R₂⁻¹) + 2l²/(R₁R₂)) = −1.49206; period doublings at l = R₁ and l = R₂, the pitchfork at R₁ + R₂', () => {
    const rows = report(birkhoff).rows;
    // The pair's trace beside the energy's multiplier 1.
    expect(rows[0]!.measured!.value).toBeCloseTo(1 + 2 * (1 - 2 * 0.5 * (1 / 0.7 + 1 / 0.9) + (2 * 0.25) / 0.63), 9);
    expect(rows[1]!.measured!.value).toBeCloseTo(0.7, 6);
    expect(rows[2]!.measured!.value).toBeCloseTo(0.9, 6);
    expect(Math.abs(rows[3]!.measured!.value - 1.6)).toBeLessThan(2e-9);
  });
  it('at R₁ = 0.5, R₂ = 0.6, l from 0.3 to 1.3: stable again past R₂ and lost through +1 at R₁ + R₂ = 1.1, not at 2R₁ = 1', () => {
    const [R1, R2] = [0.5, 0.6];
    const { loaded } = compileModel({ spec: birkhoff, source: 'derivations/kozlov-birkhoff-orbit.ts' }, loadGenerated);
    const { branch } = declaredOrbit(loaded, { ...birkhoff.orbit!, params: { R1, R2 }, continuation: { parameter: 'l', from: 0.3, to: 1.3 } });
    expect(branch!.bifurcations.map((b) => b.kind)).toEqual(['period-doubling', 'period-doubling', 'branch-point']);
    const [, , plus] = branch!.bifurcations.map((b) => b.parameter);
    expect(Math.abs(plus! - (R1 + R2))).toBeLessThan(2e-9);
    expect(Math.abs(plus! - 2 * R1)).toBeGreaterThan(0.05);
    // Stable inside R₂ < l < R₁ + R₂ (4.8), a saddle beyond.
    for (const p of branch!.points.filter((p) => p.parameter > R2 + 0.01)) expect(p.stable).toBe(p.parameter < R1 + R2);
  });
  it('under gravity at v₁ = 2, g = l = 1, R₁ = R₂ = 2: cos θ = 6√2 − 9, lost at R₁ = 2(2 − √2)', () => {
    const rows = report(concave).rows;
    expect(rows[0]!.measured!.value).toBeCloseTo(6 * Math.SQRT2 - 9, 9);
    expect(rows[1]!.measured!.value).toBeCloseTo(2 * (2 - Math.SQRT2), 6);
  });
  it('labels R₁* a corollary of (4.9), not a formula the paper prints, and derives (4.9) and its two limits', () => {
    const check = report(concave);
    expect(check.rows.map((r) => r.formula.eq)).toEqual(['(4.9)', 'from (4.9)', '(4.9)', '(4.9)', '(4.9)']);
    expect(check.rows.slice(2).map((r) => [r.agrees, r.how])).toEqual([
      [true, 'numeric'],
      [true, 'symbolic'],
      [true, 'numeric'],
    ]);
    expect(check.notDerived).toEqual([]);
  });
  it('with the walls realized by springs (4.6): p(t) over a period 2π/√N + 2l/v, and (4.7)’s l* = R₁R₂/(R₁ + R₂) = 0.39375 at R₁ = 0.7, R₂ = 0.9', () => {
    const check = report(birkhoffStiff);
    // The I_k bounds, "(4.7) is not necessary" and (4.9), with gravity, derived in kozlov-concave-walls.
    expect(check.notDerived.map((n) => n.eq)).toEqual(['§4', '(4.7)', '(4.9)']);
    expect(check.notDerived[2]!.reason).toContain('kozlov-concave-walls');
    const env = { l: 0.5, R1: 0.7, R2: 0.9, v: 1.3, N: 400 };
    // (4.6) typed from the paper: p = vR₁⁻¹√N sin √N t > 0 in the lower spring, at its middle (−∂ẍ/∂x derived).
    expect(evaluate(check.rows[0]!.derived, { ...env, t: Math.PI / 40 })).toBeCloseTo((1.3 / 0.7) * 20, 12);
    expect(evaluate(check.rows[3]!.derived, env)).toBeCloseTo((2 * Math.PI) / 20 + (2 * 0.5) / 1.3, 14);
    expect(evaluate(check.rows[5]!.derived, env)).toBeCloseTo((0.7 * 0.9) / 1.6, 14);
    // The sufficient condition is stricter than the exact criterion (4.8), l < R₁.
    expect(evaluate(check.rows[5]!.derived, env)).toBeLessThan(0.7);
  });
  it('prints (4.6) in τ, sin√N(t − τ), and a as 4(1 − l/R₁)(1 − l/R₂) − 2; its Derived cells refer to the displays, no letters I₁, I₃, E₃, S₃, P', () => {
    const { system } = once(birkhoffStiff);
    const check = report(birkhoffStiff);
    const doc = buildReport(system, { source: 'derivations/kozlov-birkhoff-stiff.ts', toolkit: TOOLKIT, paper: check });
    const rows = doc.sections.find((x) => x.id === 'paper-results')!.blocks.flatMap((b) => (b.kind === 'equations' ? b.rows : []));
    const printed = (label: string): string =>
      rows
        .find((r) => r.label === label)!
        .lines.map((l) => l.after)
        .join(' ');
    expect(printed('paper-3')).toBe('= \\frac{\\sqrt{N} v \\sin\\left(\\sqrt{N} (t - \\tau)\\right)}{R_{2}}');
    // ϖ(t) = …, where it holds in the tag column, not "ϖ(t), 0 ≤ t ≤ πN^{-1/2} = …"; l* = …, not "l*, l ≤ l* = …".
    expect(rows.find((r) => r.label === 'paper-1')!.lines[0]!.before).toBe('\\varpi(t)');
    expect(JSON.stringify(rows.find((r) => r.label === 'paper-1'))).toContain('0 \\\\le t \\\\le \\\\pi N^{-1/2}\\\\quad \\\\text{(4.6)}');
    expect(rows.find((r) => r.label === 'paper-6')!.lines[0]!.before).toBe('l_{*}');
    // a + 2 a product vanishing at l = R₁ and l = R₂, the thresholds of (4.8) (core/complete-product.ts).
    expect(printed('paper-9')).toBe('= 4 \\left(1 - \\frac{l}{R_{1}}\\right) \\left(1 - \\frac{l}{R_{2}}\\right) - 2');
    expect(rows.find((r) => r.label === 'paper-9')!.lines[0]!.before).toBe('a');
    const checkSection = JSON.stringify(doc.sections.find((x) => x.id === 'paper-check'));
    for (const letter of ['I_{1}', 'I_{3}', 'E_{3}', 'S_{3}', 'P =']) expect(checkSection).not.toContain(letter);
    expect(checkSection).toContain('{"math":"\\\\tau"}," is that of ",{"ref":"paper-2"}');
    // Not-derived names that do not repeat their number ("(4.8) |a| < 2 ⇔ (4.8)").
    for (const n of check.notDerived) expect(n.name).not.toContain(n.eq);
    // The compliant walls' potential as the spring's law in the gap, not N(2R₂l − x²)²/(8R₂²) + ….
    expect(JSON.stringify(doc.sections.find((x) => x.id === 'compliant'))).toContain('\\\\tfrac{1}{2}\\\\,N\\\\,f_{\\\\mathrm{upper}}^{2}');
  });
  it('states the finding in the abstract, the rigid-stable orbit destabilized, without the toolkit’s own rows; the trace’s gap measured', () => {
    const { system, computed } = once(birkhoffStiff);
    const doc = buildReport(system, { ...computed, source: 'derivations/kozlov-birkhoff-stiff.ts', toolkit: TOOLKIT, paper: report(birkhoffStiff) });
    const abstract = JSON.stringify(doc.abstract);
    expect(abstract).toContain('unstable at ');
    // The (4.8) row's reading after the sweep's verdicts: the rigid orbit stable where the stiff one is not at N = 100.
    expect(abstract).toContain(
      '",{"math":"N = 1000"},", ","while the rigid orbit is stable there (",{"math":"l > l_{*}"},", (4.8) holding): the stiffness destabilizes it',
    );
    expect(abstract).not.toContain('corrected reading');
    const own = JSON.stringify(doc.sections.find((x) => x.id === 'own-results'));
    // −1.52314 against a = −1.49206: the gap, O(N^{-1/2}), printed as measured; a convergence, not an agreement to 0.05.
    expect(own).toContain('differs from the toolkit’s formula by 0.031.');
    expect(own).not.toContain('within the tolerance');
    // The rows the paper does not print are the Discussion's, not the Conclusion's findings.
    const said = (id: string): string => JSON.stringify(doc.sections.find((x) => x.id === id));
    expect(said('conclusion')).not.toContain('corrected reading');
    expect(said('discussion')).toContain('the corrected reading ');
    // The energy, held to the integrator's error, is said in a line, not plotted.
    expect(said('simulation')).not.toContain('plot-energy');
    expect(said('simulation')).toMatch(/stays at .* to within .* of itself over the run, the integrator’s error; it is not plotted\./);
  });
  it('Lyapunov’s constant’s I₁ tends to 4l(R₁⁻¹ + R₂⁻¹) = 5.0794 at l = 0.5 (v = 1, as the paper takes it), whatever N', () => {
    const row = report(birkhoffStiff).rows[6]!;
    expect([row.formula.eq, row.agrees]).toEqual(['§4', true]);
    for (const N of [100, 1e6]) expect(evaluate(row.derived, { l: 0.5, R1: 0.7, R2: 0.9, N })).toBeCloseTo(4 * 0.5 * (1 / 0.7 + 1 / 0.9), 12);
  });
  it('I₂ read with p as δ-functions tends to 4l²/(R₁R₂), and Lyapunov’s a = 2 − I₁ + I₂ = −1.49206 is the measured monodromy trace of the rigid billiard’s orbit', () => {
    const [, i2, a] = report(birkhoffStiff).rows.slice(6);
    const env = { l: 0.5, R1: 0.7, R2: 0.9, N: 400 };
    expect(evaluate(i2!.derived, env)).toBeCloseTo((4 * 0.25) / 0.63, 12);
    expect(evaluate(a!.derived, env)).toBeCloseTo(2 * (1 - 2 * 0.5 * (1 / 0.7 + 1 / 0.9) + (2 * 0.25) / 0.63), 12);
    // kozlov-birkhoff-orbit's first row: 1 + ρ₁ + ρ₂ of the orbit Newton found, the energy's multiplier 1 beside the pair.
    expect(evaluate(a!.derived, env)).toBeCloseTo(report(birkhoff).rows[0]!.measured!.value - 1, 8);
  });
});

describe('kozlov1988 (4.8) from Lyapunov’s a, and the one wall as R₂ → ∞', () => {
  it('a = −2 at l = R₁ and R₂, 2 at R₁ + R₂; as R₂ → ∞, I₁ → 4l/R₁, a → 2 − 4l/R₁ and l* → R₁', () => {
    const rows = report(birkhoffStiff).rows.slice(9, 15);
    expect(rows.map((r) => [r.formula.eq, r.agrees, r.how])).toEqual([
      ['(4.8)', true, 'symbolic'],
      ['(4.8)', true, 'symbolic'],
      ['(4.8)', true, 'symbolic'],
      ['§4', true, 'symbolic'],
      ['§4', true, 'symbolic'],
      ['(4.7)', true, 'symbolic'],
    ]);
    // By hand: a = 2 − 4l(1/R₁ + 1/R₂) + 4l²/(R₁R₂) at the thresholds, free of the other parameters.
    const env = { l: 0.5, R1: 0.7, R2: 0.9, v: 1.3, N: 400 };
    rows.slice(0, 3).forEach((r, k) => expect(evaluate(r.derived, env)).toBeCloseTo([-2, -2, 2][k]!, 12));
    expect(evaluate(rows[3]!.derived, env)).toBeCloseTo((4 * 0.5) / 0.7, 12);
    expect(evaluate(rows[4]!.derived, env)).toBeCloseTo(2 - (4 * 0.5) / 0.7, 12);
    expect(evaluate(rows[5]!.derived, env)).toBeCloseTo(0.7, 12);
  });
});

describe('kozlov1988 §4’s closing remark: p(t) of (4.6) tends to a sum of δ-functions', () => {
  it('its moments ∫ p tʲ dt over a swing are vR⁻¹λ^(−j) ∫₀^π uʲ sin u du, λ = √N: 2vR⁻¹, πvR⁻¹/λ, (π² − 4)vR⁻¹/λ², so ∫ p f dt → 2vR⁻¹f(0)', () => {
    const { system } = once(birkhoffStiff);
    const facts = derivedFacts(system);
    const p = "compliant.lower.x''@∂x@x=0@y=trajectory1.y";
    const env = { l: 0.5, R1: 0.7, R2: 0.9, v: 1.3 };
    // ∫₀^π uʲ sin u du by hand: 2, π, π² − 4.
    const c = [2, Math.PI, Math.PI ** 2 - 4];
    for (const N of [100, 1e4])
      c.forEach((cj, j) => {
        const moment = fact(facts, system, `${p}@moment${j}:trajectory1`)!;
        expect(-evaluate(moment, { ...env, N })).toBeCloseTo((1.3 / 0.7) * cj * N ** (-j / 2), 12);
      });
    // f(t) = cos 3t + t eᵗ = 1 + t − 3.5t² + O(t³): ∫ p f dt → 2vR₁⁻¹f(0), off by πvR₁⁻¹/λ at λ = 10³.
    const integral = (N: number): number =>
      -[1, 1, -3.5].reduce((s, a, j) => s + a * evaluate(fact(facts, system, `${p}@moment${j}:trajectory1`)!, { ...env, N }), 0);
    expect(Math.abs(integral(1e6) - (2 * 1.3) / 0.7)).toBeLessThan(0.01);
    // A calculus identity, not a result of the model: the report keeps only where the δs sit.
    const rows = report(birkhoffStiff).rows.slice(15, 16);
    expect(rows.map((r) => [r.formula.eq, r.agrees, r.formula.origin])).toEqual([['§4', true, 'correction']]);
  });
});

describe('kozlov1988 (6.2): the oscillator bouncing on the end of the major axis', () => {
  it('at a = 2, c = −1, v = 1 (h = −3/2): stable at b = 1.2, doubling its period at b = v/√|c| = 1', () => {
    const check = report(ellipse);
    expect(check.rows[0]!.measured!.value).toBeCloseTo(1, 6);
    expect(check.notDerived.map((r) => r.eq)).toEqual(['§6', '§6', '§6']);
  });
  it('(6.1) derived: h* = ca²/2 where the impacts begin, and the closing remark’s l < 2R fails along the major axis (proved on b < a), read as l < 2R it is not proved', () => {
    const check = report(ellipse);
    expect(evaluate(check.rows[2]!.derived, { a: 2.2, c: 0.8 })).toBeCloseTo((0.8 * 2.2 ** 2) / 2, 14);
    expect(check.claims.map((c) => c.proof.holds)).toEqual([true]);
    const misread: PaperSpec = { ...ellipse.paper!, claims: [{ ...ellipse.paper!.claims![0]!, claim: 'l < 2*R' }] };
    expect(report(ellipse, misread).claims[0]!.proof.holds).toBe(false);
  });
});

describe('kozlov1988 §6: the ellipse deformed into the parabola, (6.2) going over into (4.1)', () => {
  const limitRow = (): PaperCheck['rows'][number] => report(ellipse).rows.find((r) => r.formula.eq === '§6')!;
  it('the limit of the derived trace is minus the parabolic billiard’s own, derived from its strike map: 2 − 4v²/(gA) at A = 0.8, g = 9.81, v = 2.5', () => {
    const { derived } = limitRow();
    const parabola = deriveSystem(buildModel(parabolic));
    const [A, g, v] = [0.8, 9.81, 2.5];
    // The vertical bouncing's strike-to-strike map in (x, ẋ⁻), linearized at x = ẋ⁻ = 0 (parabolic-billiard's (4.1) row).
    const entry = (k: string): number =>
      evaluate(fact(derivedFacts(parabola), parabola, `impact1.single.next[${k},${k}]@x=0@x'-=0`)!, { a: A, g, e: 1, "y'-": -v });
    const parabolicTrace = entry('x') + entry("x'-");
    expect(parabolicTrace).toBeCloseTo(2 - (4 * v ** 2) / (g * A), 12);
    expect(evaluate(derived, { A, g, v })).toBeCloseTo(-parabolicTrace, 12);
  });
  it('the finite ellipses approach it like 1/a: tr P at a = 10³, 10⁶ within 4e-3, 4e-6 of the limit', () => {
    const trace = fact(derivedFacts(once(ellipse).system), once(ellipse).system, 'axis.x.trace')!;
    const [A, g, v] = [0.8, 9.81, 2.5];
    for (const [a, within] of [
      [1e3, 4e-3],
      [1e6, 4e-6],
    ] as const) {
      const finite = evaluate(trace, { a, b: Math.sqrt(a * A - A ** 2 / 4), c: -g / a, E: v ** 2 / 2 - (g * a) / 2 });
      expect(Math.abs(finite - (4 * v ** 2) / (g * A) + 2)).toBeLessThan(within);
    }
  });
});

describe('kozlov1988 (6.2): the oscillator along the minor axis, lost through +1', () => {
  /** (6.2)'s first condition at the speed v at the wall: h = v²/2 + cb²/2 ≥ |c|(a² − b²)/2 while a ≤ a*. */
  const paperBoundary = (b: number, c: number, v: number): number => Math.sqrt(b ** 2 + (2 * (v ** 2 / 2 + (c * b ** 2) / 2)) / Math.abs(c));
  it('at b = 1, c = −1, v = 2 (h = 3/2): stable at a = 1.5, the pair meeting at +1 at a* = v/√|c| = 2', () => {
    const rows = report(minorAxis).rows;
    // Newton's tolerance on the orbit, 1e-9, bounds how well 2 − tr = 0 is placed.
    expect(Math.abs(rows[0]!.measured!.value - paperBoundary(1, -1, 2))).toBeLessThan(2e-9);
    expect(paperBoundary(1, -1, 2)).toBeCloseTo(2, 15);
  });
  it('(6.1) run: at c = 0, 0.5, 1 (b = 1, a = 1.5, v = 2) stable, its two-impact map of trace (tr P)² − 2, tr P = 2(2h − cb²)(a² − b²)/(a²h) − 2', () => {
    const sweep = once(minorAxis).computed.orbit!.sweep!;
    expect(sweep.map((s) => s.value)).toEqual([0, 0.5, 1]);
    for (const { value: c, orbit } of sweep) {
      const [a, b, v] = [1.5, 1, 2];
      const h = v ** 2 / 2 + (c * b ** 2) / 2;
      const half = (2 * (2 * h - c * b ** 2) * (a ** 2 - b ** 2)) / (a ** 2 * h) - 2;
      const sum = orbit!.multipliers.reduce((x, m) => x + m.re, 0);
      expect(sum - 1).toBeCloseTo(half ** 2 - 2, 6);
      expect(orbit!.stable).toBe(true);
    }
  });
  it('(6.1) derived: l = 2b < 2R = 2a²/b proved on the ranges, stable at every h ≥ 0 for c ≥ 0; read as l > 2R it is not proved', () => {
    const check = report(minorAxis);
    expect(check.claims.map((c) => c.proof.holds)).toEqual([true]);
    const misread: PaperSpec = { ...minorAxis.paper!, claims: [{ ...minorAxis.paper!.claims![0]!, claim: 'l > 2*R' }] };
    expect(report(minorAxis, misread).claims[0]!.proof.holds).toBe(false);
    expect(check.notDerived.map((r) => r.name)).toContain('l = 2R');
  });
  it('at b = 0.8, c = −2, v = 2 (h = 1.36): lost at a* = √2, where the misread h = v²/2 − cb²/2 would put 1.811', () => {
    const { loaded } = compileModel({ spec: minorAxis, source: 'derivations/kozlov-ellipse-minor-axis.ts' }, loadGenerated);
    const { branch } = declaredOrbit(loaded, {
      ...minorAxis.orbit!,
      q0: { x: 0.01, y: -0.7999 },
      params: { b: 0.8, c: -2 },
      continuation: { parameter: 'a', from: 1.1, to: 1.8 },
    });
    expect(branch!.bifurcations.map((b) => b.kind)).toEqual(['branch-point']);
    const found = branch!.bifurcations[0]!.parameter;
    expect(Math.abs(found - paperBoundary(0.8, -2, 2))).toBeLessThan(2e-9);
    expect(paperBoundary(0.8, -2, 2)).toBeCloseTo(Math.SQRT2, 15);
    expect(Math.abs(found - Math.sqrt(0.64 + (2 * (2 + 0.64)) / 2))).toBeGreaterThan(0.3);
    for (const p of branch!.points) expect(p.stable).toBe(p.parameter < Math.SQRT2);
  });
});

describe('kozlov1988 (4.2): the periodic bouncing on the stiff floor', () => {
  const rows = report(stiffBouncing).rows;
  it('τ = 2N^{−1/2} arcctg(−g v⁻¹N^{−1/2}) = 0.2(π − arccot(0.1)) and T = τ + 2 at g = v = 1, N = 100', () => {
    const env = { g: 1, v: 1, N: 100 };
    const tau = 0.2 * (Math.PI / 2 + Math.atan(0.1));
    expect(evaluate(rows[1]!.derived, env)).toBeCloseTo(tau, 14);
    expect(evaluate(rows[3]!.derived, env)).toBeCloseTo(tau + 2, 13);
  });
  it('the orbit’s period is printed P, the name of (4.2)’s period row (τ is the swing), and the abstract states that the stiff floor destabilizes the orbit: unstable at N = 100, stable from N = 10³', () => {
    const { system, computed } = once(stiffBouncing);
    const doc = buildReport(system, { source: 'derivations/kozlov-stiff-bouncing.ts', toolkit: TOOLKIT, paper: report(stiffBouncing), orbit: computed.orbit! });
    const text = (xs: readonly Inline[]): string => xs.map((x) => (typeof x === 'string' ? x : 'math' in x ? `$${x.math}$` : '')).join('');
    const orbit = JSON.stringify(doc.sections.find((x) => x.id === 'periodic-orbit')!.blocks);
    expect(orbit).toContain('its period is ');
    expect(orbit).not.toMatch(/"\\\\tau"/);
    expect(orbit).toMatch(/"P"/);
    // τ = 0.2(π − arctan 10) + 2 at the defaults: the measured period is (4.2)'s P.
    expect(computed.orbit!.orbit!.period).toBeCloseTo(0.2 * (Math.PI - Math.atan(10)) + 2, 8);
    const abstract = text(doc.abstract);
    expect(abstract).toContain('unstable at $N = 100$ and stable from $N = 1000\\ \\text{to}\\ 10^{5}$');
    // The finding: the bounce the rigid floor keeps stable ((4.1), f″(0) = 0.9 < g/v² = 1) the stiff floor destabilizes.
    expect(abstract).toContain('while the rigid bounce is stable there ($f^{\\prime\\prime}(0) = 0.9 < g/v^2$, Kozlov (4.1)): the stiff floor destabilizes it');
    expect(abstract).not.toContain('impacts per period');
  });
  it('prints (4.2)’s flight and period and (4.4) in the named τ and P: v(t − τ) − g(t − τ)²/2, τ + 2v/g, gP²/a, each equal to the paper’s formula', () => {
    const { system } = once(stiffBouncing);
    const check = report(stiffBouncing);
    const doc = buildReport(system, { source: 'derivations/kozlov-stiff-bouncing.ts', toolkit: TOOLKIT, paper: check });
    const results = doc.sections.find((x) => x.id === 'paper-results')!.blocks.flatMap((b) => (b.kind === 'equations' ? b.rows : []));
    const tex = (eq: string): string =>
      results
        .find((r) => r.lines[0]!.before.startsWith(eq))!
        .lines.map((l) => l.after)
        .join(' ');
    // The flight as Table 6's paper cell prints it, (t − τ)², its range in the tag column, not in its left side.
    const flight = results.find((r) => r.tag?.includes('\\tau \\le t'))!;
    expect(flight.lines[0]!.before).toBe('y_0(t)');
    expect(flight.lines.map((l) => l.after).join(' ')).toBe('= v (t - \\tau) - \\frac{1}{2} g (t - \\tau)^{2}');
    expect(flight.tag).toBe('\\text{for } \\tau \\le t \\le P\\quad \\text{(4.2)}');
    expect(results.find((r) => r.lines[0]!.before === 'P')!.lines[0]!.after).toBe('= \\tau + \\frac{2 v}{g}');
    expect(tex('P\\int_0^P')).toBe('= \\frac{P^{2} g}{a}');
    // The rows agree with the formulas typed from the paper, symbolically: τ = 2N^{−1/2} arcctg(−gv⁻¹N^{−1/2}),
    // v(t − τ) − gt²/2 with its clock at τ, τ + 2v/g, 4g(v/g + arcctg(…)/√N)²/a.
    expect([1, 2, 3, 5].map((i) => [check.rows[i]!.agrees, check.rows[i]!.how])).toEqual([
      [true, 'symbolic'],
      [true, 'symbolic'],
      [true, 'symbolic'],
      [true, 'symbolic'],
    ]);
  });
  it('the flight lasts 2v/g for the positive g and v, as (4.2) prints it, not √(v²/g²) + v/g', () => {
    const { system } = once(stiffBouncing);
    const facts = derivedFacts(system);
    const flight = simplify(sub(fact(facts, system, 'trajectory2.end')!, fact(facts, system, 'trajectory1.end')!));
    expect(flight).toBe(parseExpr('2*v*g^(-1)'));
  });
  it('the spring lifts the point back to y = 0 at τ, and it leaves at the speed v it struck with', () => {
    const env = { g: 1.3, v: 0.7, N: 400 };
    const tau = evaluate(rows[1]!.derived, env);
    expect(Math.abs(evaluate(rows[0]!.derived, { ...env, t: tau }))).toBeLessThan(1e-15);
    // The flight's slope at τ, by a central difference of the derived y(t).
    const h = 1e-6;
    const slope = (evaluate(rows[2]!.derived, { ...env, t: tau + h }) - evaluate(rows[2]!.derived, { ...env, t: tau - h })) / (2 * h);
    expect(slope).toBeCloseTo(0.7, 8);
  });
  it('(4.4): the bound 4/(T∫p dt/f″(0)) expands as g/v² − πg²v⁻³N^{−1/2} + o(N^{−1/2}) (4.5)', () => {
    const { system } = once(stiffBouncing);
    const facts = derivedFacts(system);
    const [T, I] = [fact(facts, system, 'trajectory2.end')!, fact(facts, system, 'trajectory1.y.integral')!];
    const [g, v] = [1.3, 0.7];
    const bound = (N: number): number => 4 / (-N * evaluate(T, { g, v, N }) * evaluate(I, { g, v, N }));
    const scaled = [1e4, 1e6, 1e8].map((N) => Math.sqrt(N) * (bound(N) - g / v ** 2));
    // The remainder after scaling is O(N^{−1/2}): 10 times smaller for each factor 100 in N.
    const remainder = scaled.map((x) => x + (Math.PI * g ** 2) / v ** 3);
    expect(Math.abs(remainder[2]!)).toBeLessThan(1e-2);
    expect(remainder[1]! / remainder[2]!).toBeCloseTo(10, 0);
    expect(remainder[0]! / remainder[1]!).toBeCloseTo(10, 0);
  });
  it('(4.5) derived: the bound expanded to o(N^{−1/2}) is g/v² − πg²v⁻³N^{−1/2}, as typed from the paper, and nothing is left underived', () => {
    const row = rows[6]!;
    expect(row.formula.eq).toBe('(4.5)');
    expect([row.agrees, row.how]).toEqual([true, 'symbolic']);
    expect(simplify(sub(row.derived, parseExpr('g*v^(-2) - pi*g^2*v^(-3)*N^(-1/2)')))).toBe(parseExpr('0'));
    // (4.1) is derived in parabolic-billiard and cited where its trace is used; only Zhukovsky's remark is left.
    expect(report(stiffBouncing).notDerived.map((n) => n.eq)).toEqual(['§4']);
  });
  it('(4.5) is printed as a numbered result in the paper’s form with its remainder, and its table row agrees symbolically; no section lists it as not derived', () => {
    const { system } = once(stiffBouncing);
    const doc = buildReport(system, { source: 'derivations/kozlov-stiff-bouncing.ts', toolkit: TOOLKIT, paper: report(stiffBouncing) });
    const results = doc.sections.find((x) => x.id === 'paper-results')!.blocks.flatMap((b) => (b.kind === 'equations' ? b.rows : []));
    const row = results.find((r) => r.tag === '\\text{(4.5)}')!;
    const tex = row.lines.map((l) => l.after).join(' ');
    // As derived, then as the paper writes it, each with its remainder: not the paper's form alone, beside itself.
    // The exact bound 4/(gP²) first, the result, then its expansion as the paper prints it, with the remainder.
    const o = 'o\\left(\\frac{1}{\\sqrt{N}}\\right)';
    expect(tex).toBe(`= \\frac{4}{P^{2} g} = \\frac{g}{v^{2}} - \\frac{g^{2} \\pi}{\\sqrt{N} v^{3}} + ${o}`);
    const table = doc.sections.find((x) => x.id === 'paper-check')!.blocks.find((b) => b.kind === 'table');
    const verdicts = table?.kind === 'table' ? table.rows.filter((r) => r[0]![0] === '(4.5)').map((r) => r[4]![0]) : [];
    expect(verdicts).toEqual(['yes, symbolically']);
    // Listed as not derived: Zhukovsky's remark only; (4.1), used beside the trace, is cited from parabolic-billiard there.
    const listed = doc.sections.find((x) => x.id === 'paper-not-derived')!.blocks.flatMap((b) => (b.kind === 'list' ? b.items : []));
    expect(JSON.stringify(listed)).not.toContain('(4.5)');
    expect(JSON.stringify(listed)).not.toContain('(4.1)');
    expect(JSON.stringify(doc.sections.find((x) => x.id === 'own-results')!.blocks)).toContain('derived in the parabolic-billiard report');
  });
  it('the table’s “Paper’s formula” holds what the paper prints: (4.4)’s and (4.5)’s right sides, the derived P²g/a and 4/(P²g) in the Derived column, no placeholder I defined', () => {
    const { system } = once(stiffBouncing);
    const doc = buildReport(system, { source: 'derivations/kozlov-stiff-bouncing.ts', toolkit: TOOLKIT, paper: report(stiffBouncing) });
    const table = doc.sections.find((x) => x.id === 'paper-check')!.blocks.find((b) => b.kind === 'table');
    const rows = table?.kind === 'table' ? table.rows.filter((r) => r[0]![0] === '(4.4)' || r[0]![0] === '(4.5)') : [];
    const math = (cell: readonly Inline[]): string => cell.map((x) => (typeof x === 'object' && 'math' in x ? x.math : '')).join('');
    for (const r of rows) expect(math(r[2]!)).not.toMatch(/\b[IP]\b/);
    expect(rows.map((r) => math(r[3]!))).toEqual(['\\frac{P^{2} g}{a}', '\\frac{4}{P^{2} g}']);
    // ∫₀^τ y₀ dt = −gP/N is in those values, not a letter: the only letter under the table is τ, of its display.
    const where = JSON.stringify(
      doc.sections.find((x) => x.id === 'paper-check')!.blocks.find((b) => b.kind === 'paragraph' && JSON.stringify(b).includes('In the formulas')),
    );
    expect(where).toContain('\\\\tau');
    expect(where).not.toMatch(/"I = /);
  });
  it('(4.1)’s trace at N = 10⁵ is set beside the rigid value −1.6 = 2 − 4f″(0)v²/g exactly, with the difference −0.028, not a per cent', () => {
    const { system, computed } = once(stiffBouncing);
    const doc = buildReport(system, { source: 'derivations/kozlov-stiff-bouncing.ts', toolkit: TOOLKIT, paper: report(stiffBouncing), orbit: computed.orbit! });
    const own = JSON.stringify(doc.sections.find((x) => x.id === 'own-results')!.blocks);
    expect(own).toContain('= -1.6,\\\\ \\\\text{difference } {-0.028})');
    expect(own).not.toContain('\\\\%');
    // ρ₁ + ρ₂ = −1.62776 at N = 10⁵: the parameter once, after the number, not in the left side where it read as N = −1.63.
    const rows = doc.sections.find((x) => x.id === 'own-results')!.blocks.flatMap((b) => (b.kind === 'equations' ? b.rows : []));
    expect(rows.map((r) => r.lines[0]!.before)).toEqual(['\\rho_1 + \\rho_2']);
    expect(rows[0]!.lines[0]!.after).toBe('= -1.62776\\ \\text{at}\\ N = 10^{5}');
  });
  it('(4.3) is ϖ(t) = −Ny₀(t)/a in the paper’s sign, p(t) = −Nf″(0)y₀(t), y₀(t) printed by the name (4.2) gives it', () => {
    const { system } = once(stiffBouncing);
    const check = report(stiffBouncing);
    const doc = buildReport(system, { source: 'derivations/kozlov-stiff-bouncing.ts', toolkit: TOOLKIT, paper: check });
    const results = doc.sections.find((x) => x.id === 'paper-results')!.blocks.flatMap((b) => (b.kind === 'equations' ? b.rows : []));
    const varpi = results.find((r) => r.tag?.includes('(4.3)'))!;
    expect(varpi.lines[0]!.before).toBe('\\varpi(t)');
    expect(varpi.tag).toBe('\\text{for } x = 0,\\ 0 \\le t < \\tau\\quad \\text{(4.3)}');
    // The table's paper cell in the swing's name, not a letter Y defined apart nor the coordinate y.
    const table = tableOf(doc.sections.find((x) => x.id === 'paper-check')!);
    expect(table.rows.map((r) => cellText(r[2]!)).find((c) => c.includes('y_0(t)'))).toBe('-\\frac{N y_0(t)}{a}');
    expect(JSON.stringify(doc.sections.find((x) => x.id === 'paper-check'))).not.toMatch(/"Y = /);
    // No left side holds an "=" or a range: each reads as symbol = value.
    for (const r of results) expect(r.lines[0]!.before, r.lines[0]!.before).not.toMatch(/=|\\le/);
    // ϖ ≥ 0 along the swing y₀ ≤ 0, typed from (4.2): −N y₀(t)/a with y₀ = g(cos √N t − 1)/N − v sin(√N t)/√N.
    const env = { N: 100, a: 2, g: 1, v: 1, t: 0.1 };
    const y0 = (Math.cos(1) - 1) / 100 - Math.sin(1) / 10;
    expect(evaluate(check.rows[4]!.derived, env)).toBeCloseTo((-100 * y0) / 2, 14);
    expect(evaluate(check.rows[4]!.derived, env)).toBeGreaterThan(0);
  });
  it('Lyapunov’s bound f″_* = 4/(gP²) along the sweep, at f″(0) = 0.9: 0.734 at N = 100 (fails), 0.906 from N = 10³ (holds), where the orbit turns stable', () => {
    const { system, computed } = once(stiffBouncing);
    const check = report(stiffBouncing);
    const bound = check.rows[6]!.bound!;
    // The period typed from (4.2), τ + 2v/g with τ = 2N^{−1/2} arcctg(−g v⁻¹N^{−1/2}), at g = v = 1.
    const P = (N: number): number => (2 / Math.sqrt(N)) * (Math.PI / 2 + Math.atan(1 / Math.sqrt(N))) + 2;
    expect(bound.parameter).toBe('N');
    expect(bound.quantity).toBeCloseTo(0.9, 14);
    expect(bound.points.map((p) => p.at)).toEqual([100, 1e3, 1e4, 1e5]);
    for (const p of bound.points) expect(p.bound).toBeCloseTo(4 / P(p.at) ** 2, 12);
    expect(bound.points.map((p) => Number(p.bound.toFixed(3)))).toEqual([0.734, 0.906, 0.969, 0.99]);
    const doc = buildReport(system, { source: 'derivations/kozlov-stiff-bouncing.ts', toolkit: TOOLKIT, paper: check, orbit: computed.orbit! });
    const inline = (xs: readonly Inline[]): string => xs.map((x) => (typeof x === 'string' ? x : 'math' in x ? `$${x.math}$` : '')).join('');
    const said = doc.sections
      .find((x) => x.id === 'periodic-orbit')!
      .blocks.flatMap((b) => (b.kind === 'paragraph' ? [inline(b.content)] : []))
      .find((p) => p.startsWith('The sufficient condition'))!;
    expect(said).toContain('$f^{\\prime\\prime}_{*} = 0.7342$ at $N = 100$, $0.9059$ at $N = 1000$');
    expect(said).toContain('It fails at $N = 100$ and holds from $N = 1000\\ \\text{to}\\ 10^{5}$, exactly where the orbit is stable.');
    // Table 5 prints N as the text does: 1000, 10⁴, 10⁵.
    const sweep = doc.sections.find((x) => x.id === 'periodic-orbit')!.blocks.find((b) => b.kind === 'table');
    expect(sweep?.kind === 'table' && sweep.rows.map((r) => inline(r[0]!))).toEqual(['$1000$', '$10^{4}$', '$10^{5}$']);
  });
  it('the rest in the floor’s spring, y = −g/N, rests on the floor, and the energy kept to the integrator’s error is said, not plotted', () => {
    const { system, computed } = once(stiffBouncing);
    const rest = computed.linearization!.equilibria[0]!;
    expect(rest.q[1]).toBeCloseTo(-1 / 100, 12);
    expect(rest.engaged).toEqual(['floor']);
    const doc = buildReport(system, computed);
    const section = doc.sections.find((x) => x.id === 'simulation')!;
    expect(section.blocks.some((b) => b.kind === 'figure' && b.id === 'plot-energy')).toBe(false);
    expect(JSON.stringify(section.blocks)).toContain('of itself over the run, the integrator’s error; it is not plotted.');
    const table = doc.sections.find((x) => x.id === 'linearization')!.blocks.find((b) => b.kind === 'table');
    expect(table?.kind === 'table' && table.rows[0]![1]).toEqual(['floor (in its spring)']);
  });
  it('says that the energy conserved holds the floor’s potential: E = T + V + V_c, V being g y alone', () => {
    const { system } = once(stiffBouncing);
    const doc = buildReport(system, { source: 'derivations/kozlov-stiff-bouncing.ts', toolkit: TOOLKIT, paper: report(stiffBouncing) });
    const discussion = JSON.stringify(doc.sections.find((x) => x.id === 'discussion'));
    expect(discussion).toContain('E = T + V + V_{c}');
    expect(discussion).toContain('is conserved');
  });
  it('(4.5)’s two terms are those of the exact bound: √N(bound − expansion) → 0 like N^{−1/2}', () => {
    const { system } = once(stiffBouncing);
    const facts = derivedFacts(system);
    const [T, I] = [fact(facts, system, 'trajectory2.end')!, fact(facts, system, 'trajectory1.y.integral')!];
    const env = { g: 1.3, v: 0.7 };
    const gap = (N: number): number =>
      Math.sqrt(N) * (4 / (-N * evaluate(T, { ...env, N }) * evaluate(I, { ...env, N })) - evaluate(rows[6]!.derived, { ...env, N }));
    expect(gap(1e4) / gap(1e6)).toBeCloseTo(10, 0);
    expect(Math.abs(gap(1e8))).toBeLessThan(1e-2);
  });
});

describe('kozlov1988 Theorem 3 (3.1)–(3.6): the impact on the viscoelastic medium', () => {
  const check = report(impact);
  it('δ_N = πg₁₁/(ω√N), ω = √(c²g₁₁ − k²), and the exit speed e·v₁, e = exp(−πk/ω), at g₁₁ = 2, c = 2, k = 0.5, N = 100', () => {
    const env = { g11: 2, g22: 1, c: 2, k: 0.5, N: 100, w: 1, v2: 0.5 };
    const omega = Math.sqrt(8 - 0.25);
    expect(evaluate(check.rows[6]!.derived, env)).toBeCloseTo((2 * Math.PI) / (omega * 10), 14);
    expect(evaluate(check.rows[7]!.derived, env)).toBeCloseTo(Math.exp((-Math.PI * 0.5) / omega), 14);
  });
  it('takes the entry (3.1) as the hypothesis it is, ẋ₁(0) = −w with w > 0 declared: listed, not “proved” of a positive parameter', () => {
    expect(check.claims).toEqual([]);
    // (3.1), the circle's averaged law (circle-billiard's), several impacts, the elastic limit under V_N* from f₀ > 0, a varying metric.
    expect(check.notDerived.map((r) => r.eq)).toEqual(['(3.1)', '§3', 'Th. 3', '(3.2)', 'Th. 3']);
    expect(check.notDerived[1]!.reason).toContain('circle-billiard');
    expect(check.notDerived[3]!.reason).toContain('it needs an entry from a height $f_0 > 0$');
    expect(check.scope).toMatch(/constant metric without potential/);
  });
  it('prints the report as read: x₁′ (d/dτ) in (3.4), not ẋ₁; v₂ for ẋ₂(δ_N), a symbol the report defines; (3.6) under the table; the conclusion says the case', () => {
    const { system } = once(impact);
    const doc = buildReport(system, { source: 'derivations/kozlov-impact.ts', toolkit: TOOLKIT, paper: check });
    const results = doc.sections.find((x) => x.id === 'paper-results')!.blocks.flatMap((b) => (b.kind === 'equations' ? b.rows : []));
    const tex = (eq: string): string =>
      results
        .find((r) => r.lines[0]!.before.startsWith(eq))!
        .lines.map((l) => l.after)
        .join(' ');
    expect(tex('x_1^{\\prime\\prime}')).toBe('= -\\frac{c^{2} x_{1} + 2 k x_{1}^{\\prime}}{g_{11}}');
    expect(tex('\\dot{x}_2(\\delta_N)')).toBe('= v_{2}');
    // δ_N once: the τ of the realized contact's law, which the table refers to, not a second display of it.
    expect(results.some((r) => r.lines[0]!.before === '\\delta_N')).toBe(false);
    const table = doc.sections.find((x) => x.id === 'paper-check')!.blocks.find((b) => b.kind === 'table');
    const delta = table?.kind === 'table' ? table.rows.find((r) => JSON.stringify(r[1]) === '[{"math":"\\\\delta_N"}]') : undefined;
    expect(delta![3]).toEqual([{ ref: 'rigid-duration-wall' }]);
    const cells = table?.kind === 'table' ? table.rows.filter((r) => r[0]![0] === '(3.6)').map((r) => r[2]![0]) : [];
    expect(cells[0]).toEqual({ ref: 'paper-formula-5' });
    const conclusion = JSON.stringify(doc.sections.find((x) => x.id === 'conclusion'));
    // The equations of motion (3.3), (3.4) counted apart from the results: not "ten of (3.2)–(3.6)".
    // The distinct results counted, the formulas they are typed in after them.
    expect(conclusion).toMatch(
      /the 12 distinct results of Kozlov \(four equations of motion \(3\.3\)–\(3\.4\); six results of \(3\.2\), \(3\.6\) and three of Th\. 3\), typed in 13 formulas, agree/,
    );
    expect(conclusion).not.toContain('(3.2)–(3.6)');
    expect(conclusion).toContain('constant metric without potential');
  });
  it('after Theorem 3, V + exp(−Nf) at k = 0: (3.2) with e = 1 at every N, and its own rate O(1/N) set beside the derivation, not a measurement', () => {
    const rows = check.rows.filter((r) => r.formula.derived.some((d) => d.fact.startsWith('exponential.')));
    expect(rows.map((r) => [r.formula.eq, r.agrees])).toEqual([
      ['(3.2)', true],
      ['(3.2)', true],
      ['Th. 3', true],
      ['Th. 3', true],
      ['Th. 3', true],
      ['Th. 3', true],
    ]);
    // ẋ₁(δ_N) = w at g₁₁ = 2 whatever N; N δ_N = √2 ln((√2 + 1)/(√2 − 1)) at w = 1, typed by hand.
    for (const N of [10, 1e6]) expect(evaluate(rows[0]!.derived, { g11: 2, w: 1, N })).toBeCloseTo(1, 14);
    expect(50 * evaluate(rows[3]!.derived, { g11: 2, w: 1, N: 50 })).toBeCloseTo(Math.SQRT2 * Math.log((Math.SQRT2 + 1) / (Math.SQRT2 - 1)), 12);
    // The entry speed is w, the tangential one v₂, as the parameters name them: no X₀, V₂ bound to the run.
    expect(check.rows.some((r) => r.formula.where.has('X0') || r.formula.where.has('V2'))).toBe(false);
    const { system } = once(impact);
    const doc = buildReport(system, { source: 'derivations/kozlov-impact.ts', toolkit: TOOLKIT, paper: check });
    const own = JSON.stringify(doc.sections.find((x) => x.id === 'own-results'));
    expect(own).toContain('set beside the derivation');
    expect(own).not.toContain('measured');
  });
  it('sweeps N for Theorem 3: δ_N√N = πg₁₁/ω and e = exp(−πk/ω) at every N of the study, δ_N of fitted order 1/2', () => {
    const study = once(impact).computed.limitStudy!;
    const omega = Math.sqrt(8 - 0.25);
    expect(study.rows.map((r) => r.value)).toEqual([100, 1000, 10000, 100000]);
    for (const r of study.rows) {
      expect(r.release * Math.sqrt(r.value)).toBeCloseTo((2 * Math.PI) / omega, 6);
      expect(r.restitution).toBeCloseTo(Math.exp((-Math.PI * 0.5) / omega), 6);
    }
    expect(study.orders.release).toBeCloseTo(0.5, 3);
    const { system } = once(impact);
    const doc = buildReport(system, { source: 'derivations/kozlov-impact.ts', toolkit: TOOLKIT, paper: check, limitStudy: study });
    // Theorem 3's law beside the runs, attained at every N (V = Γ = 0): τ√N = πg₁₁/ω and e, typed here.
    const law = study.law!;
    expect(law.order).toBe(0.5);
    expect(law.scaled).toBeCloseTo((2 * Math.PI) / omega, 12);
    expect(law.restitution).toBeCloseTo(Math.exp((-Math.PI * 0.5) / omega), 12);
    for (const x of law.runs) expect(x).toBeCloseTo((2 * Math.PI) / omega, 6);
    expect(law.exact).toBe(true);
    // Beside a rigid model there is no law row; one run off the law by 1e-3 and the runs no longer attain it.
    expect(theoremLaw(once(impact).system, { ...study, reference: study.rows[0]! })).toBeUndefined();
    const off = { ...study, rows: study.rows.map((r, i) => (i ? r : { ...r, restitution: r.restitution * 1.001 })) };
    expect(theoremLaw(once(impact).system, off)!.exact).toBe(false);
    const section = doc.sections.find((x) => x.id === 'rigid-limit')!;
    const limit = JSON.stringify(section);
    // No rigid model: no distance to a rigid motion is claimed, the law is set beside the runs instead.
    expect(limit).not.toContain('distance');
    expect(limit).not.toContain('declares no rigid law');
    expect(limit).not.toContain('else with successive');
    expect(limit).toContain('{"ref":"rigid-restitution-wall"}');
    expect(limit).toContain('{"ref":"rigid-duration-wall"}');
    expect(limit).toContain('The runs attain both at every ');
    const table = section.blocks.find((b) => b.kind === 'table');
    expect(table?.kind === 'table' && table.columns).toEqual(['N', 'release', 'release × √N', 'restitution']);
    const rows = table?.kind === 'table' ? table.rows : [];
    const text = (cell: readonly Inline[]): string => cell.map((x) => (typeof x === 'string' ? x : 'math' in x ? x.math : '')).join('');
    expect(rows.map((r) => r.map(text))).toEqual([
      ['100', '0.225699', '2.25699', '0.568788'],
      ['1000', '0.0713722', '2.25699', '0.568788'],
      ['10000', '0.0225699', '2.25699', '0.568788'],
      ['100000', '0.00713722', '2.25699', '0.568788'],
      ['Theorem 3', '—', '2.25699', '0.568788'],
      ['fitted order', '0.5', '—', '—'],
    ]);
    const abstract = JSON.stringify(doc.abstract);
    expect(abstract).toContain('the first contact’s duration times ');
    expect(abstract).toContain('attained at every ');
    expect(abstract).not.toContain('falls as');
  });
  it('plots x₁ against time once, the gap in the rigid-limit figure at N = 100, and x₂ = v₂t not at all: no padding figures', () => {
    const { system, computed } = once(impact);
    const sim = buildReport(system, computed).sections.find((x) => x.id === 'simulation')!;
    const ids = sim.blocks.flatMap((b) => (b.kind === 'figure' ? [b.id] : []));
    expect(ids).not.toContain('plot-coordinates');
    expect(ids).toContain('plot-velocities');
    // x₂'s portrait would be the line ẋ₂ = v₂.
    expect(ids.filter((id) => id.startsWith('plot-phase'))).toEqual(['plot-phase']);
    const text = JSON.stringify(sim);
    expect(text).toContain('" against time is ","the gap of the contact wall at ",{"math":"N = 100"}');
    expect(text).toContain('{"math":"\\\\dot{x}_{2} = 0.5"}');
  });
  it('Theorem 3’s x₂(δ_N) derived, v₂g₁₁π/(√N ω), ω = √(c²g₁₁ − k²): (3.6) at the exit, O(N^{−1/2}), no longer “not derived”', () => {
    const row = check.rows.find((r) => r.formula.name === 'x_2(\\delta_N)')!;
    expect([row.formula.eq, row.agrees, row.how]).toEqual(['Th. 3', true, 'symbolic']);
    for (const N of [100, 1e5]) {
      const env = { g11: 2, g22: 1, c: 2, k: 0.5, N, w: 1, v2: 0.5 };
      expect(evaluate(row.derived, env)).toBeCloseTo((0.5 * 2 * Math.PI) / (Math.sqrt(N) * Math.sqrt(8 - 0.25)), 14);
    }
    expect(check.notDerived.some((r) => r.name.startsWith('x_i'))).toBe(false);
    const { system } = once(impact);
    const doc = buildReport(system, { source: 'derivations/kozlov-impact.ts', toolkit: TOOLKIT, paper: check });
    const results = doc.sections.find((x) => x.id === 'paper-results')!.blocks.flatMap((b) => (b.kind === 'equations' ? b.rows : []));
    const shown = results.find((r) => r.lines[0]!.before === 'x_2(\\delta_N)')!;
    expect(shown.lines[0]!.after).toBe('= \\frac{g_{11} \\pi v_{2}}{\\sqrt{N} \\sqrt{c^{2} g_{11} - k^{2}}}');
    // ẋ₂(δ_N) and ẋ₂*(δ*_N), both v₂ under two realizations, are two displays, not one chained across models.
    expect(results.map((r) => r.lines[0]!.before)).toContain('\\dot{x}_2(\\delta_N)');
    expect(results.map((r) => r.lines[0]!.before)).toContain('\\dot{x}_2^{*}(\\delta_N^{*})');
    // The Kelvin–Voigt force is tensile at the exit, said once beside it.
    expect(JSON.stringify(doc.sections.find((x) => x.id === 'compliant'))).toContain('With adhesion the force is tensile at the exit');
  });
  it('prints each display as symbol = value, the paper’s number in the tag column; δ_N* in u; no D_V; E = T + V + V_c in the conventions', () => {
    const { system } = once(impact);
    const doc = buildReport(system, { source: 'derivations/kozlov-impact.ts', toolkit: TOOLKIT, paper: check });
    const rows = ['paper-results', 'own-results'].flatMap((id) =>
      doc.sections.find((x) => x.id === id)!.blocks.flatMap((b) => (b.kind === 'equations' ? b.rows : [])),
    );
    const row = (lhs: string) => rows.find((r) => r.lines[0]!.before === lhs)!;
    expect([row('x_2(\\delta_N)').tag, row('\\lim_{N \\to \\infty} \\delta_N^{*}').tag]).toEqual(['\\text{Th. 3}', '\\text{Th. 3}']);
    expect(rows.every((r) => !/\\text\{(Th|\(3)/.test(r.lines[0]!.before))).toBe(true);
    // The toolkit's own δ_N* in the speed u of its own row: (2/(Nu)) ln((u + w)/(u − w)), not 2(ln(g₁₁/2) + 2 ln(w + u))/(Nu).
    expect(row('\\delta_N^{*}').lines[0]!.after).toBe('= \\frac{2 \\ln\\left(\\frac{u + w}{u - w}\\right)}{N u}');
    expect(row('\\delta_N^{*}').tag).toBeUndefined();
    const text = JSON.stringify(doc.sections);
    expect(text).not.toContain('D_{V}');
    expect(text).not.toContain('states in words');
    // u of the toolkit's own δ_N* is displayed beside it in its own section: no line under the paper's table refers to it.
    expect(text).not.toContain('{"math":"u"}," is that of "');
    expect(JSON.stringify(doc.sections.find((x) => x.id === 'conventions'))).toContain('E = T + V + V_{c}');
    // The medium's potential and Rayleigh function in the parameters' table set in math, not text.
    const parameters = JSON.stringify(doc.sections.find((x) => x.id === 'model'));
    expect(parameters).toContain('{"math":"c^2Nf^2/2"}');
    expect(parameters).toContain('{"math":"k\\\\sqrt{N}\\\\dot{f}^2"}');
  });
  it('derives the rescaled equations (3.4): free of N in τ = √N t, at every N (x₁″ at x₁ = 0.1, x₁′ = −1)', () => {
    const G = 1 / 2;
    const paper = (k: number, c: number): number => -2 * k * G * -1 - c ** 2 * G * 0.1;
    for (const N of [100, 1e4]) expect(evaluate(check.rows[2]!.derived, { g11: 2, c: 2, k: 0.5, N, x1: 0.1, "x1'": -1 })).toBeCloseTo(paper(0.5, 2), 14);
  });
});

describe('a wrong formula disagrees', () => {
  it.each([
    ['(1.3) without the point’s own mass beside the added one', realized, 0, { formula: '((l + U)*W^2 + g*cos(TH) - beta0*N*U - gamma0*N*UD)/(alpha0*N)' }],
    ['(1.3) with the viscosity pushing', realized, 0, { formula: '((l + U)*W^2 + g*cos(TH) - beta0*N*U + gamma0*N*UD)/(1 + alpha0*N)' }],
    ['(1.1) with the pendulum’s length left out', realized, 4, { formula: '-g*sin(TH)' }],
    ['(1.1) with the multiplier of the wrong sign, the tension', realized, 5, { formula: 'l*W^2 + g*cos(TH)' }],
    ['Theorem 1 with the realized motion 0.01 away in the limit', realized, 6, { formula: '0.01' }],
    ['(1.1)’s rod left stretched by a millimetre in the limit', realized, 2, { formula: '0.001' }],
    ['(1.1) with the spring and damper alone against λ, the start’s g cos θ₀', realized, 7, { formula: 'g*cos(1)' }],
    ['(6.2)’s E₊ with c for |c|', minorAxis, 1, { formula: 'c*(a^2 - b^2)/2' }],
    ['(4.6) with the scan’s sin √N(t + τ) in the upper spring', birkhoffStiff, 2, { formula: 'v*R2^(-1)*sqrt(N)*sin(sqrt(N)*(t + tau))' }],
    ['(4.6) with R₁ for R₂ in the upper spring', birkhoffStiff, 2, { formula: 'v*R1^(-1)*sqrt(N)*sin(sqrt(N)*(t - tau))' }],
    ['(4.6) with ∂ẍ/∂x for p, the sign the paper does not print', birkhoffStiff, 0, { formula: '-v*R1^(-1)*sqrt(N)*sin(sqrt(N)*t)' }],
    ['(4.6)’s period with one swing, T = τ + l/v', birkhoffStiff, 3, { formula: 'tau + l*v^(-1)' }],
    [
      '§4’s lim I₁ with the period’s limit taken as l, one flight',
      birkhoffStiff,
      6,
      { formula: 'P*(-N*R1^(-1)*I1 + N*R2^(-1)*(I3 - l*(E3 - S3))) = 2*l*(R1^(-1) + R2^(-1))' },
    ],
    ['§4’s lim I₂ with l for l²', birkhoffStiff, 7, { formula: '(P - S)*S*(-N*R1^(-1)*I1)*(N*R2^(-1)*(I3 - l*(E3 - S3))) = 4*R1^(-1)*R2^(-1)*l' }],
    [
      'Lyapunov’s a with I₂ subtracted',
      birkhoffStiff,
      8,
      {
        formula:
          '2 - P*(-N*R1^(-1)*I1 + N*R2^(-1)*(I3 - l*(E3 - S3))) + (P - S)*S*(-N*R1^(-1)*I1)*(N*R2^(-1)*(I3 - l*(E3 - S3))) = 2*(1 - 2*l*(R1^(-1) + R2^(-1)) - 2*R1^(-1)*R2^(-1)*l^2)',
      },
    ],
    ['(4.7) read as the exact criterion’s l < R₁', birkhoffStiff, 5, { formula: '4*l/(P*(-N*R1^(-1)*I1 + N*R2^(-1)*(I3 - l*(E3 - S3)))) = R1' }],
    ['(4.7) with R₁ + R₂ for the harmonic R₁R₂/(R₁ + R₂)', birkhoffStiff, 5, { formula: '4*l/(P*(-N*R1^(-1)*I1 + N*R2^(-1)*(I3 - l*(E3 - S3)))) = R1 + R2' }],
    ['(4.8)’s trace with l for l² in the last term', birkhoff, 0, { formula: '1 + 2*(1 - 2*l*(R1^(-1) + R2^(-1)) + 2*R1^(-1)*R2^(-1)*l)' }],
    ['(4.8)’s band ending at R₁ + R₂ taken for the first loss', birkhoff, 1, { formula: 'R1 + R2' }],
    ['(4.8)’s band ending at 2R₁, where a whole lower circle would close', birkhoff, 3, { formula: '2*R1' }],
    ['(4.8)’s cos θ in closed form with l for l² in the last term', birkhoff, 4, { formula: '1 - 2*l*(R1^(-1) + R2^(-1)) + 2*R1^(-1)*R2^(-1)*l' }],
    ['(6.2)’s minor-axis boundary with the energy’s c of the wrong sign', minorAxis, 0, { formula: 'sqrt(b^2 + 2*(v^2/2 - c*b^2/2)/abs(c))' }],
    ['§6’s closing remark with R − l for R − l/2', minorAxis, 3, { formula: 'abs(c)*l*(R - l)/4' }],
    ['(4.8)’s 1 + cos θ vanishing at R₁ + R₂ for R₂', birkhoff, 5, { formula: '1 + C = 2*(l - R1)*(l - R1 - R2)/(R1*R2)' }],
    ['(4.8)’s 1 − cos θ vanishing at 2R₁', birkhoff, 6, { formula: '1 - C = 2*l*(2*R1 - l)/(R1*R2)' }],
    ['(6.1)’s bound with the minor semi-axis, cb²/2', ellipse, 2, { formula: 'c*b^2/2' }],
    ['(6.2)’s major-axis bound with a² + b²', ellipse, 3, { formula: '-abs(c)*(a^2 + b^2)/2' }],
    ['(4.1)’s boundary taken for a period doubling of P', ellipse, 4, { formula: '-2' }],
    ['§6’s limit with f″(0) = 2/A, the parabola’s focal distance A/2 for its radius', ellipse, 5, { formula: '-(2 - 8*v^2/(A*g))' }],
    ['(6.2)’s minor-axis bound of the wrong sign, the major axis’s', minorAxis, 2, { formula: '-abs(c)*(a^2 - b^2)/2' }],
    [
      '(4.9) with its last term of the wrong sign',
      concave,
      0,
      { formula: '1 - 2*(v1 - sqrt(v1^2 - 2*g*l))/g*(v1/R1 + sqrt(v1^2 - 2*g*l)/R2) - 2*(v1 - sqrt(v1^2 - 2*g*l))^2/g^2*v1*sqrt(v1^2 - 2*g*l)/(R1*R2)' },
    ],
    ['(4.9)’s loss at the upper wall’s factor, v₂(v₁ − v₂)/g', concave, 1, { formula: 'sqrt(v1^2 - 2*g*l)*(v1 - sqrt(v1^2 - 2*g*l))/g' }],
    [
      '(4.9) in closed form with v₁, v₂ swapped in the kicks',
      concave,
      2,
      { formula: '1 - 2*(v1 - sqrt(v1^2 - 2*g*l))/g*(sqrt(v1^2 - 2*g*l)/R1 + v1/R2) + 2*(v1 - sqrt(v1^2 - 2*g*l))^2/g^2*v1*sqrt(v1^2 - 2*g*l)/(R1*R2)' },
    ],
    ['(4.9) at v₂ = 0 with f″(0) = 2/R₁', concave, 3, { formula: '1 - 4*V^2/(g*R1)' }],
    ['(4.9) as g → 0 with l for l² in the last term', concave, 4, { formula: '1 - 2*l*(1/R1 + 1/R2) + 2*l/(R1*R2)' }],
    ['(6.2)’s boundary with the energy’s sign turned (the minor axis’s h = |c|(a² − b²)/2)', ellipse, 0, { formula: 'sqrt(a^2 - 2*(v^2/2 + c*a^2/2)/abs(c))' }],
    ['(4.2) with the swing’s sine of the wrong sign', stiffBouncing, 0, { formula: 'g*N^(-1)*(cos(sqrt(N)*t) - 1) + v*N^(-1/2)*sin(sqrt(N)*t)' }],
    ['(4.2)’s τ with arcctg(+g v⁻¹N^{−1/2})', stiffBouncing, 1, { formula: '2*N^(-1/2)*arcctg(g*v^(-1)*N^(-1/2))' }],
    ['(4.2)’s τ as the scan prints it, arctg(−g v⁻¹N^{1/2})', stiffBouncing, 1, { formula: '2*N^(-1/2)*atan(-g*v^(-1)*N^(1/2))' }],
    ['(4.2)’s flight on the paper’s clock, vt − gt²/2', stiffBouncing, 2, { formula: 'v*t - g*t^2/2' }],
    ['(4.2)’s period with a flight of v/g', stiffBouncing, 3, { formula: 'tau + v*g^(-1)' }],
    ['(4.3) with p of the wrong sign, +Nf″(0)y₀', stiffBouncing, 4, { formula: 'N*a^(-1)*Y' }],
    ['(4.5) with the π term of the wrong sign', stiffBouncing, 6, { formula: '4/(-N*P*I) = g*v^(-2) + pi*g^2*v^(-3)*N^(-1/2)' }],
    ['(4.5) with v⁻² in the π term', stiffBouncing, 6, { formula: '4/(-N*P*I) = g*v^(-2) - pi*g^2*v^(-2)*N^(-1/2)' }],
    ['(4.5) with g for g² in the π term', stiffBouncing, 6, { formula: '4/(-N*P*I) = g*v^(-2) - pi*g*v^(-3)*N^(-1/2)' }],
    ['(4.5) with the scan’s gv² for gv⁻² (4.1)', stiffBouncing, 6, { formula: '4/(-N*P*I) = g*v^2 - pi*g^2*v^(-3)*N^(-1/2)' }],
    ['(4.5) with π/2 for π, the first order of τ alone', stiffBouncing, 6, { formula: '4/(-N*P*I) = g*v^(-2) - pi/2*g^2*v^(-3)*N^(-1/2)' }],
    ['(4.4) with the bracket not squared', stiffBouncing, 5, { formula: '-N*a^(-1)*P*I = 4*g*a^(-1)*(g^(-1)*v + N^(-1/2)*arcctg(-g*v^(-1)*N^(-1/2)))' }],
    ['(3.3) with the damping force pushing', impact, 0, { formula: '-(-2*k*sqrt(N)*W1 + c^2*N*X1)/g11' }],
    ['(3.3) with g₁₁ for g¹¹', impact, 0, { formula: '-g11*(2*k*sqrt(N)*W1 + c^2*N*X1)' }],
    ['(3.4) with the damping left at its (3.3) size, 2k√N g¹¹x₁′', impact, 2, { formula: '-(2*k*sqrt(N)*W1 + c^2*X1)/g11' }],
    ['(3.4) with the stiffness still of order N', impact, 2, { formula: '-(2*k*W1 + c^2*N*X1)/g11' }],
    [
      '(3.6) with ω = √(c²g¹¹ − k²g¹¹)',
      impact,
      4,
      { formula: '-N^(-1/2)*w*exp(-k*sqrt(N)*t/g11)*sin(sqrt(c^2/g11 - k^2/g11)*sqrt(N)*t)/sqrt(c^2/g11 - k^2/g11)' },
    ],
    [
      '(3.6) growing, exp(+kg¹¹s)',
      impact,
      4,
      { formula: '-N^(-1/2)*w*exp(k*sqrt(N)*t/g11)*sin(sqrt(c^2/g11 - k^2/g11^2)*sqrt(N)*t)/sqrt(c^2/g11 - k^2/g11^2)' },
    ],
    ['Theorem 3’s δ_N without g₁₁', impact, 6, { formula: 'pi/(sqrt(c^2*g11 - k^2)*sqrt(N))' }],
    ['(3.2) without the reversal', impact, 7, { formula: '-exp(-pi*k/sqrt(c^2*g11 - k^2))*w' }],
    ['(3.2) with the tangential velocity reduced by e', impact, 8, { formula: 'exp(-pi*k/sqrt(c^2*g11 - k^2))*v2' }],
  ] as const)('%s', (_, spec, i, change) => {
    expect(report(spec, wrong(spec, i, change)).rows[i]!.agrees).toBe(false);
  });
});
