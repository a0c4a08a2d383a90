// Which models a command works on: the model files of a folder, models
// selected by name, files and folders in order, and the one model of a
// single-model command, compiled.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args.js';
import { compileOne, resolveModels, selectModels } from '../../src/cli/models.js';
import { SIMULATE } from '../../src/cli/simulate.js';
import { MechanicsError, UsageError } from '../../src/errors.js';
import { loadModels } from '../../src/pipeline/model-file.js';
import { DERIVATIONS, ROOT } from '../helpers/examples.js';
import { BALL, KERNEL_MODEL, projectWith } from './run-cli.js';

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

describe('which models a command works on', () => {
  it('files and folders in order, names from ./derivations/', async () => {
    const dir = projectWith('b.ts', KERNEL_MODEL.replace('kernel-built', 'b'));
    writeFileSync(join(dir, 'a.ts'), KERNEL_MODEL.replace('kernel-built', 'a'));
    const { models, fromExamples } = await resolveModels([join(dir, 'b.ts'), dir, 'simple-pendulum'], ROOT);
    expect(models.map((m) => m.spec.name)).toEqual(['b', 'a', 'b', 'simple-pendulum']);
    expect(fromExamples).toBe(true);
  });

  it('without arguments and without a derivations/ folder is a usage error', async () => {
    const dir = projectWith('a.ts', KERNEL_MODEL);
    await expect(resolveModels([], dir)).rejects.toBeInstanceOf(UsageError);
  });

  it('compiles the one model of a single-model command from its file as it is now', async () => {
    const dir = projectWith('ball.ts', BALL);
    const compiled = await compileOne(parseArgs(SIMULATE, [join(dir, 'ball.ts')]), 'simulate');
    expect(compiled.source).toMatch(/\/ball\.ts$/);
    expect(compiled.module.source).toContain(`from ${compiled.source}. Do not edit.`);
    expect(compiled.loaded.model.unilateral.map((u) => u.name)).toEqual(['floor']);
    await expect(compileOne(parseArgs(SIMULATE, []), 'simulate')).rejects.toThrow('simulate needs a model file or a model name');
    writeFileSync(join(dir, 'a.ts'), BALL.replace("name: 'ball'", "name: 'a'"));
    await expect(compileOne(parseArgs(SIMULATE, [dir]), 'simulate')).rejects.toThrow(`holds 2 models; simulate takes one`);
  });
});
