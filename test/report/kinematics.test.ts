// The Kinematics subsection of a geometry model's report, against what the
// textbooks print: the heavy top's body-frame angular velocity is Euler's
// kinematic equations for the zxz angles (Goldstein, Classical Mechanics,
// (4.87), with his φ, ψ our ψ, φ), its rotation the product
// R_z(ψ)R_x(θ)R_z(φ) whose columns are those of Goldstein's (4.46)
// transposed; the free body's ω is 2G(q)q̇ and its T, printed in König's
// form, is the model's T; the rolling disk's contact point is below its
// centre on the plane; a chain's joints make frames printed whole. Every
// formula of these reports typesets in KaTeX.
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/core/evaluate.js';
import { sub, ZERO, type Expr } from '../../src/core/expr.js';
import { parseExpr } from '../../src/core/parse.js';
import { simplify } from '../../src/core/trig.js';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel, type Model } from '../../src/model/index.js';
import type { EquationRow, ReportDocument } from '../../src/report/document.js';
import { latexMatrix } from '../../src/report/latex.js';
import { math } from '../../src/report/notation.js';
import { kinematicsSection } from '../../src/report/kinematics.js';
import { katexInputs, KATEX_OPTIONS } from '../../src/report/render-html.js';
import { rng, uniform } from '../helpers/random.js';
import { sorted, typesetFormulas } from '../helpers/typeset.js';
import { models, report } from './reports.js';

const file = (name: string) => models.find((m) => m.spec.name === name)!;

/** An expression typed in the model's names, a coordinate's velocity written with a trailing d (psid). */
function typed(model: Model, source: string): Expr {
  const names = new Map<string, Expr>();
  for (const c of model.coordinates) names.set(c.name, c.q).set(`${c.name}d`, c.qd);
  for (const p of model.parameters) names.set(p.name, p.symbol);
  return parseExpr(source, { symbol: (n) => names.get(n) });
}

/** The row of the document labelled `label`. */
function row(doc: ReportDocument, label: string): EquationRow {
  for (const s of doc.sections) for (const b of s.blocks) if (b.kind === 'equations') for (const r of b.rows) if (r.label === label) return r;
  throw new Error(`no row ${label}`);
}

const rhs = (r: EquationRow): string => r.lines.map((l) => l.after.replace(/^(= |\\quad \{\})/, '')).join(' ');

describe('heavy top: the kinematics as Goldstein prints them', () => {
  const model = buildModel(file('heavy-top').spec);
  const { doc } = report(file('heavy-top'));
  const frame = model.geometry!.frames.find((f) => f.name === 'B')!;

  // Goldstein (4.87), ω in the body's axes for the zxz angles (his φ precession, ψ spin).
  const euler = ['psid*sin(theta)*sin(phi) + thetad*cos(phi)', 'psid*sin(theta)*cos(phi) - thetad*sin(phi)', 'psid*cos(theta) + phid'];

  it.each([1, 2, 3])('ω_%i in body components is the Euler kinematic equation, and is printed so', (i) => {
    const k = i - 1;
    const expected = typed(model, euler[k]!);
    expect(simplify(sub(frame.omega[k]!, expected))).toBe(ZERO);
    const printed = row(doc, `omega-B-${k + 1}`);
    expect(printed.lines[0]!.before).toBe(`\\omega_{${k + 1}}`);
    expect(rhs(printed)).toBe(math(expected));
  });

  it('prints the rotation as R_z(ψ)R_x(θ)R_z(φ), whose columns are those of Goldstein (4.46) transposed', () => {
    expect(rhs(row(doc, 'rotation-B'))).toBe('R_{z}(\\psi)\\,R_{x}(\\theta)\\,R_{z}(\\varphi)');
    // Goldstein's A maps space to body components: R = Aᵀ, so R's column j is A's row j.
    const A = [
      ['cos(phi)*cos(psi) - cos(theta)*sin(psi)*sin(phi)', 'cos(phi)*sin(psi) + cos(theta)*cos(psi)*sin(phi)', 'sin(phi)*sin(theta)'],
      ['-sin(phi)*cos(psi) - cos(theta)*sin(psi)*cos(phi)', '-sin(phi)*sin(psi) + cos(theta)*cos(psi)*cos(phi)', 'cos(phi)*sin(theta)'],
      ['sin(theta)*sin(psi)', '-sin(theta)*cos(psi)', 'cos(theta)'],
    ].map((r) => r.map((s) => typed(model, s)));
    for (let j = 0; j < 3; j++) {
      for (let i = 0; i < 3; i++) expect(simplify(sub(frame.R[i]![j]!, A[j]![i]!)), `R_${i + 1}${j + 1}`).toBe(ZERO);
      expect(rhs(row(doc, `rotation-B-${j + 1}`))).toBe(latexMatrix(A[j]!.map((e) => [math(e)])));
    }
  });

  it('prints the centre on the symmetry axis, r_G = l·(third column), and the inertia diag(A, A, C)', () => {
    expect(rhs(row(doc, 'position-G'))).toBe(
      latexMatrix(['l*sin(psi)*sin(theta)', '-l*cos(psi)*sin(theta)', 'l*cos(theta)'].map((s) => [math(typed(model, s))])),
    );
    const table = doc.sections.flatMap((s) => s.blocks).find((b) => b.kind === 'table' && b.id === 'bodies');
    expect(JSON.stringify(table)).toContain('\\\\operatorname{diag}(A, A, C)');
  });

  it('keeps T as the quadratic form in the velocities (it prints in one line)', () => {
    expect(rhs(row(doc, 'kinetic'))).toContain('\\dot{\\psi}^{2}');
  });
});

describe('free body: ω = 2G(q)q̇ and T in König’s form', () => {
  const model = buildModel(file('free-body').spec);
  const { doc } = report(file('free-body'));
  const frame = model.geometry!.frames[0]!;
  // ω = 2G(q)q̇ in body components, G's rows (−e1, e0, e3, −e2), (−e2, −e3, e0, e1), (−e3, e2, −e1, e0).
  const omega = ['2*(-e1*e0d + e0*e1d + e3*e2d - e2*e3d)', '2*(-e2*e0d - e3*e1d + e0*e2d + e1*e3d)', '2*(-e3*e0d + e2*e1d - e1*e2d + e0*e3d)'];

  it.each([1, 2, 3])('prints ω_%i as the row of 2G(q)q̇', (i) => {
    const k = i - 1;
    const expected = typed(model, omega[k]!);
    expect(simplify(sub(frame.omega[k]!, expected))).toBe(ZERO);
    expect(rhs(row(doc, `omega-B-${k + 1}`))).toBe(math(expected));
  });

  it('prints T, too long as a quadratic form, as ½(I₁ω₁² + I₂ω₂² + I₃ω₃²) + ½J₀ν², which is the model’s T', () => {
    const T = rhs(row(doc, 'kinetic'));
    expect(T).not.toContain('\\cdots');
    expect(T).toContain('\\frac{1}{2} (I_{1} \\omega_{1}^{2} + I_{2} \\omega_{2}^{2} + I_{3} \\omega_{3}^{2})');
    expect(T).toContain('\\nu^{2} (I_{1} + I_{2} + I_{3})');
    // The printed form evaluated from the typed ω and ν = d|q|²/dt, against the model's T at random states.
    const w = omega.map((s) => typed(model, s));
    const nu = typed(model, '2*(e0*e0d + e1*e1d + e2*e2d + e3*e3d)');
    const random = rng(7);
    for (let trial = 0; trial < 5; trial++) {
      const env: Record<string, number> = { I1: 1, I2: 2, I3: 3 };
      for (const c of model.coordinates) [env[c.name], env[c.qd.name]] = [uniform(random, -1, 1), uniform(random, -1, 1)];
      const [w1, w2, w3] = w.map((e) => evaluate(e, env));
      const printed = 0.5 * (1 * w1! ** 2 + 2 * w2! ** 2 + 3 * w3! ** 2) + 0.5 * ((1 + 2 + 3) / 3) * evaluate(nu, env) ** 2;
      expect(printed).toBeCloseTo(evaluate(model.T!, env), 12);
    }
  });
});

describe('rolling disk: the contact point and its constraints', () => {
  const model = buildModel(file('rolling-disk').spec);
  const { doc } = report(file('rolling-disk'));

  it('prints the contact point on the plane below the centre, (x, y, 0), and refers to the no-slip rows', () => {
    expect(rhs(row(doc, 'contact-rim'))).toBe(latexMatrix(['x', 'y', '0'].map((s) => [math(typed(model, s))])));
    const text = JSON.stringify(doc);
    expect(text).toContain('"ref":"constraint-rim_x"');
    expect(text).toContain('"ref":"constraint-rim_y"');
  });

  it('prints the heading-and-lean frame L whole, R_z(ψ)R_x(θ), and ω of L and B apart', () => {
    expect(rhs(row(doc, 'rotation-L'))).toBe('R_{z}(\\psi)\\,R_{x}(\\theta)');
    expect(rhs(row(doc, 'rotation-B'))).toBe('R_{L}\\,R_{y}(\\varphi)');
    // Résal's frame: ω_L = (θ̇, ψ̇ sin θ, ψ̇ cos θ); the disk adds its spin about y.
    expect(rhs(row(doc, 'omega-L-2'))).toBe(math(typed(model, 'psid*sin(theta)')));
    expect(rhs(row(doc, 'omega-B-2'))).toBe(math(typed(model, 'phid + psid*sin(theta)')));
  });
});

describe('a chain on revolute joints: frames the joints make', () => {
  const model = buildModel({
    name: 'chain',
    coordinates: ['q1', 'q2'],
    parameters: { m: 1, l: 1, g: 9.81 },
    geometry: {
      joints: [
        { type: 'revolute', child: 'A', axes: 'z', coordinates: ['q1'] },
        { type: 'revolute', parent: 'A', child: 'B', at: [0, '-l', 0], axes: 'z', coordinates: ['q2'] },
      ],
      points: [{ name: 'P', from: 'B', frame: 'B', position: [0, '-l', 0] }],
      bodies: [
        { name: 'upper', mass: 'm', centre: 'B' },
        { name: 'lower', mass: 'm', centre: 'P' },
      ],
      gravity: [0, '-g', 0],
    },
  });
  const section = kinematicsSection(deriveSystem(model))!;
  const rows = section.blocks.flatMap((b) => (b.kind === 'equations' ? b.rows : []));
  const labelled = (label: string): EquationRow => rows.find((r) => r.label === label)!;

  it('prints each joint’s frame whole, R_A the turn by q1 about z, and ω of B the sum of the joint rates', () => {
    const R = [
      ['cos(q1)', '-sin(q1)', '0'],
      ['sin(q1)', 'cos(q1)', '0'],
      ['0', '0', '1'],
    ].map((r) => r.map((e) => math(typed(model, e))));
    expect(rows.find((r) => r.lines[0]!.before === 'R_{A}')!.lines[0]!.after).toBe(`= ${latexMatrix(R)}`);
    expect(rhs(labelled('omega-B-3'))).toBe(math(typed(model, 'q1d + q2d')));
    expect(rhs(labelled('omega-B-1'))).toBe('0');
  });

  it('lists the particles without a frame, and every formula typesets', () => {
    const table = section.blocks.find((b) => b.kind === 'table');
    expect(JSON.stringify(table)).toContain('(particle)');
    for (const r of rows) for (const l of r.lines) expect(() => katex.renderToString(`${l.before} ${l.after}`, KATEX_OPTIONS)).not.toThrow();
  });
});

describe('the geometry models’ reports typeset in KaTeX', () => {
  // The build typeset them, strict (test/helpers/typeset.ts): every formula is on the page.
  it.each(['heavy-top', 'free-body', 'rolling-disk', 'rolling-sphere'])('%s', (name) => {
    const { doc, files } = report(file(name));
    expect(KATEX_OPTIONS).toMatchObject({ throwOnError: true, strict: 'error' });
    expect(sorted(typesetFormulas(files.get(`docs/reports/${name}.html`)!))).toEqual(sorted(katexInputs(doc)));
  });
});
