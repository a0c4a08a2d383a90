// The report's linearization about rest (src/report/periodic.ts), printed
// from its study: the text writes the report's letter for the forcing.
import { describe, expect, it } from 'vitest';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel, defineModel } from '../../src/model/index.js';
import { linearizationSection, spectrumLatex } from '../../src/report/periodic.js';
import { reportSymbols } from '../../src/report/notation.js';
import { linearizationStudy } from '../../src/studies/linearization.js';
import doublePendulum from '../../derivations/double-pendulum.js';
import pendulumWall from '../../derivations/pendulum-wall.js';
import disk from '../../derivations/viscoelastic-disk.js';

describe('the linearization’s text uses the report’s letter for the forcing (notation.ts reportSymbols)', () => {
  const sentence = (spec: typeof pendulumWall) => {
    const system = deriveSystem(buildModel(spec));
    return { forcing: reportSymbols(system).forcing, first: linearizationSection({ system, linearization: linearizationStudy(system)! })!.blocks[0]! };
  };

  it('writes h where f names the pendulum at a wall’s gap f_1 ≥ 0, and f for the double pendulum', () => {
    const wall = sentence(pendulumWall);
    expect(wall.forcing).toBe('h');
    expect(wall.first).toMatchObject({ kind: 'paragraph' });
    const text = JSON.stringify(wall.first);
    expect(text).toContain(JSON.stringify({ math: 'C = -\\partial h/\\partial \\dot{q}' }));
    expect(text).toContain(JSON.stringify({ math: 'K = -\\partial h/\\partial q' }));
    expect(text).toContain(`${JSON.stringify({ math: 'h' })}," the forcing of Lagrange’s equations`);
    expect(text).not.toMatch(/\\\\partial f\b|\bf the forcing/);
    const plain = JSON.stringify(sentence(doublePendulum).first);
    expect(plain).toContain(JSON.stringify({ math: 'C = -\\partial f/\\partial \\dot{q}' }));
    expect(plain).toContain(`${JSON.stringify({ math: 'f' })}," the forcing`);
  });
});

describe('a compliant contact’s force in the linearization', () => {
  it('the printed M, C, K say they leave out the floor’s force, which the equilibria include; a model without one says nothing of it', () => {
    const system = deriveSystem(
      buildModel(
        defineModel({
          name: 'spring-floor',
          coordinates: ['y'],
          parameters: { m: 1, g: 9.81, k: 100 },
          kinetic: "m*y'^2/2",
          potential: 'm*g*y',
          unilateral: [{ name: 'floor', constraint: 'y >= 0', law: { compliant: { stiffness: 'k' } } }],
        }),
      ),
    );
    const section = linearizationSection({ system, linearization: linearizationStudy(system)! })!;
    const text = JSON.stringify(section.blocks[0]);
    expect(text).toContain('leave out the force of floor, which acts only where engaged');
    // The rest y = −mg/k in the spring, whose stiffness k = 100 the printed K leaves out; no damper, so no C.
    const added = JSON.stringify(section.blocks.at(-1));
    expect(added).toContain(JSON.stringify({ math: 'K_{y y} = 100' }));
    expect(added).not.toContain('damping');
    expect(JSON.stringify(section.blocks.find((b) => b.kind === 'table'))).toContain('floor (in its spring)');
    expect(
      JSON.stringify(
        linearizationSection({
          system: deriveSystem(buildModel(doublePendulum)),
          linearization: linearizationStudy(deriveSystem(buildModel(doublePendulum)))!,
        })!.blocks[0],
      ),
    ).not.toContain('leave out');
  });
});

describe('a rest with friction is printed as the set sticking allows', () => {
  it('a spring-held block on a rough floor: x ∈ [−μ_s m g/k, μ_s m g/k], sticking on the floor', () => {
    const system = deriveSystem(
      buildModel(
        defineModel({
          name: 'spring-block',
          coordinates: ['x', 'y'],
          parameters: { m: 2, g: 9.81, k: 10, mus: 0.5, muk: 0.3 },
          kinetic: "m*(x'^2 + y'^2)/2",
          potential: 'k*x^2/2 + m*g*y',
          unilateral: [{ name: 'floor', constraint: 'y >= 0', slip: 'x', law: { plastic: true, coulomb: { static: 'mus', kinetic: 'muk' } } }],
        }),
      ),
    );
    const section = linearizationSection({ system, linearization: linearizationStudy(system)! })!;
    const table = section.blocks.find((b) => b.kind === 'table');
    const end = Number(((0.5 * 2 * 9.81) / 10).toPrecision(4));
    expect(JSON.stringify(table)).toContain(JSON.stringify({ math: `x \\in [-${end}, ${end}],\\ y = 0` }));
    expect(JSON.stringify(table)).toContain('floor (sticking)');
  });
});

// The disk's linearization: −1.545·10⁻¹² beside −10⁴ is the eigensolver's rounding (10⁻¹⁶ of the spectrum), 0.
describe('a spectrum prints rounding as 0, relative to its largest modulus', () => {
  it('−1.545e-12 beside −10000 is 0; alone, 1e-9 stays 1e-9', () => {
    expect(
      spectrumLatex([
        { re: -1.545e-12, im: 0 },
        { re: -10000, im: 0 },
        { re: -158.4, im: 283.7 },
      ]),
    ).toEqual(['0', '-10000', '-158.4 + 283.7\\,i']);
    expect(spectrumLatex([{ re: 1e-9, im: 0 }])).toEqual(['1e-9']);
  });
});

// kuleshov2011: at the rest depth ζ₀ the foundation's vertical force 2√2 r√ζ (2kζ + 3νζ̇)/3 (per unit r², y = r(1 − ζ))
// has ∂/∂y = −2√2 k r √ζ₀ and ∂/∂ẏ = −2√2 ν r √ζ₀, which the printed K = C = 0 leave out.
describe('the disk’s foundation at rest: the stiffness and damping the matrices leave out', () => {
  it('K_yy = 2√2 k r √ζ₀ and C_yy = 2√2 ν r √ζ₀, and the table says it rests on its patch', () => {
    const system = deriveSystem(buildModel(disk));
    const section = linearizationSection({ system, linearization: linearizationStudy(system)! })!;
    // The derivation's defaults.
    const [m, g, k, nu, r] = [1, 9.81, 1e7, 3e4, 0.1];
    const zeta0 = ((9 / 32) * ((m * g) / (k * r * r)) ** 2) ** (1 / 3);
    const print = (v: number): string => `${Number(v.toPrecision(4))}`;
    const added = JSON.stringify(section.blocks.find((b) => JSON.stringify(b).includes('leave out adds')));
    expect(added).toContain(`K_{y y} = ${print(2 * Math.SQRT2 * k * r * Math.sqrt(zeta0))}`);
    expect(added).toContain(`C_{y y} = ${print(2 * Math.SQRT2 * nu * r * Math.sqrt(zeta0))}`);
    expect(JSON.stringify(section.blocks.find((b) => b.kind === 'table'))).toContain('foundation (in contact)');
  });
  it('marks −1/t_r, the slip’s relaxation, as the realization’s in the table and says why under it', () => {
    const system = deriveSystem(buildModel(disk));
    const section = linearizationSection({ system, linearization: linearizationStudy(system)! })!;
    expect(JSON.stringify(section.blocks.find((b) => b.kind === 'table'))).toContain('-10000^{*}');
    const note = JSON.stringify(section.blocks.find((b) => JSON.stringify(b).includes('the realization’s')));
    expect(note).toContain('\\\\lambda t_{r} = -1');
    expect(note).toContain('is doubled');
  });
});
