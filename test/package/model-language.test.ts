// Every example of docs/model-language.md is a complete model file: load it
// as the CLI does (importing 'unilateral-mechanics'), build and derive it,
// and run its generated code from its initial state.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileModel } from '../../src/pipeline/compiled-model.js';
import { loadGenerated } from '../../src/pipeline/load-generated.js';
import { loadModelFile } from '../../src/pipeline/model-file.js';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import { unintegrated } from '../../src/runtime/hybrid/trajectory.js';

const DOC = fileURLToPath(new URL('../../docs/model-language.md', import.meta.url));
const examples = [...readFileSync(DOC, 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
const dir = mkdtempSync(join(tmpdir(), 'mechanics-doc-'));

describe('docs/model-language.md', () => {
  it('has an example for every field of the language', () => {
    const all = examples.join('\n');
    for (const field of [
      'name',
      'title',
      'description',
      'coordinates',
      'parameters',
      'range',
      'kinetic',
      'potential',
      'particles',
      'geometry',
      'frames',
      'joints',
      'points',
      'bodies',
      'inertia',
      'gravity',
      'springs',
      'dampers',
      'rolling',
      'torques',
      'lagrangian',
      'forces',
      'holonomic',
      'nonholonomic',
      'unilateral',
      'newton',
      'plastic',
      'wLaw',
      'stick',
      'multipleImpacts',
      'impactScenarios',
      'arriving',
      'closed',
      'at',
      'independent',
      'approach',
      'critical',
      'initial',
      'qd',
      't1',
      'slip',
      'coulomb',
      'friction',
      'hinges',
      'when',
      'sources',
      'paper',
      'formulas',
      'derived',
      'tolerance',
      'patches',
      'limitStudy',
      'drawing',
    ])
      expect(all, field).toMatch(new RegExp(`\\b${field}:`));
  });

  it.each(examples.map((text, i) => [/name: '([^']+)'/.exec(text)?.[1] ?? `example ${i + 1}`, text] as const))('%s derives and runs', async (name, text) => {
    const path = join(dir, `${name}.ts`);
    writeFileSync(path, text);
    const { spec } = await loadModelFile(path);
    const { model, loaded: mod } = compileModel({ spec, source: `models/${name}.ts` }, loadGenerated);
    const { q0, qd0 } = model.initial;
    // Non-ideal constraints the runtime does not integrate are derived and reported: the runtime says so by name.
    if (unintegrated(mod).length) {
      expect(() => simulate(mod, { q0, qd0, t1: 1 })).toThrow(expect.objectContaining({ code: 'non-ideal-unsupported' }));
      return;
    }
    const run = simulate(mod, { q0, qd0, t1: Math.min(model.initial.t1, 1), samples: 11 });
    expect(run.t.at(-1)).toBe(Math.min(model.initial.t1, 1));
    for (const row of [...run.q, ...run.qd]) for (const v of row) expect(Number.isFinite(v)).toBe(true);
  });
});
