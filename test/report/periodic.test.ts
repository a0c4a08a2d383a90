// The report's linearization about rest (src/report/periodic.ts), printed
// from its study: the text writes the report's letter for the forcing.
import { describe, expect, it } from 'vitest';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel } from '../../src/model/index.js';
import { linearizationSection } from '../../src/report/periodic.js';
import { reportSymbols } from '../../src/report/notation.js';
import { linearizationStudy } from '../../src/studies/linearization.js';
import doublePendulum from '../../derivations/double-pendulum.js';
import pendulumWall from '../../derivations/pendulum-wall.js';

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
