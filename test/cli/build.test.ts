// The derive command's pieces: finding the model files, selecting models
// by name, and writing the build outputs.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MechanicsError } from '../../src/errors.js';
import { buildOutputs, writeOutputs } from '../../src/cli/build.js';
import { loadModels, selectModels } from '../../src/cli/models.js';
import { DERIVATIONS } from '../helpers/examples.js';

const models = await loadModels(DERIVATIONS);

describe('derive: model files', () => {
  it('loads every model file in derivations/, sorted, with its source path', () => {
    const sources = models.map((m) => m.source);
    expect(sources).toEqual([...sources].sort());
    expect(sources).toEqual(expect.arrayContaining(['derivations/double-pendulum.ts', 'derivations/knife-edge.ts', 'derivations/simple-pendulum.ts']));
    for (const m of models) expect(m.source).toMatch(/^derivations\/[a-z0-9-]+\.ts$/);
  });

  it('selects models by name, all of them when none is named', () => {
    expect(selectModels(models, [])).toHaveLength(models.length);
    expect(selectModels(models, ['knife-edge', 'simple-pendulum']).map((m) => m.spec.name)).toEqual(['knife-edge', 'simple-pendulum']);
  });

  it('rejects an unknown model name with unknown-model, listing the known ones', () => {
    let err: unknown;
    try {
      selectModels(models, ['tripple-pendulum']);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(MechanicsError);
    const e = err as MechanicsError;
    expect(e.code).toBe('unknown-model');
    expect(e.kind).toBe('input');
    expect(e.message).toContain("'tripple-pendulum'");
    expect(e.message).toContain('double-pendulum');
  });
});

describe('derive: build outputs of the simple pendulum', () => {
  const file = models.find((m) => m.spec.name === 'simple-pendulum')!;

  it('includes generated/simple-pendulum.ts, and every output is a relative path under the project', () => {
    const paths = [...buildOutputs(file).files.keys()];
    expect(paths).toContain('generated/simple-pendulum.ts');
    for (const p of paths) expect(p).toMatch(/^[a-z]+\/simple-pendulum\.[a-z.]+$/);
  });

  it('writes the files under the given root and reports their relative paths', () => {
    const root = mkdtempSync(join(tmpdir(), 'mechanics-derive-'));
    const out = buildOutputs(file);
    expect(writeOutputs(root, out)).toEqual([...out.files.keys()]);
    for (const [rel, text] of out.files) expect(readFileSync(join(root, rel), 'utf8')).toBe(text);
  });
});
