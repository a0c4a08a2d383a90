// Model files loaded at run time through esbuild: TypeScript on any Node.js,
// imports of 'unilateral-mechanics' and of this repository's src/ bound to
// the running toolkit (one kernel, so equal expressions are one object).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadModelFile, loadModels, MODEL_EXTENSIONS } from '../../src/pipeline/model-file.js';
import { cos, mul, sin, sym } from '../../src/core/index.js';
import { MechanicsError } from '../../src/errors.js';
import { DERIVATIONS } from '../helpers/examples.js';
import { KERNEL_MODEL, projectWith } from '../cli/run-cli.js';

describe('loading a model file', () => {
  it.each(MODEL_EXTENSIONS)('reads a %s file that imports unilateral-mechanics', async (ext) => {
    const text = ext.endsWith('ts')
      ? KERNEL_MODEL
      : KERNEL_MODEL.replace(/^import \{ defineModel \}.*\n/, "import { defineModel } from 'unilateral-mechanics';\n");
    const dir = projectWith(`pendulum${ext}`, text);
    const file = await loadModelFile(join(dir, `pendulum${ext}`), dir);
    expect(file.source).toBe(`pendulum${ext}`);
    expect(file.spec.name).toBe('kernel-built');
  });

  it("binds 'unilateral-mechanics/core' to the running kernel: the file's expressions are this process's nodes", async () => {
    const dir = projectWith('pendulum.ts', KERNEL_MODEL);
    const { spec } = await loadModelFile(join(dir, 'pendulum.ts'));
    expect(spec.potential).toBe(mul(sym('g'), cos(sym('th'))));
  });

  it("binds derivations/' relative imports of src/ to the running toolkit", async () => {
    const { spec, source } = await loadModelFile(join(DERIVATIONS, 'n-link-pendulum.ts'));
    expect(source).toBe('derivations/n-link-pendulum.ts');
    expect(spec.particles![0]!.position[0]).toBe(mul(sym('l1'), sin(sym('q1'))));
  });

  it('type annotations and TypeScript-only syntax are fine; a missing file or default export is bad-model-file', async () => {
    const dir = projectWith(
      'typed.mts',
      `import { defineModel, type ModelSpec } from 'unilateral-mechanics';
enum Axis { Y = 'y' }
const spec: ModelSpec = { name: 'typed', coordinates: [Axis.Y], kinetic: "y'^2/2" };
export default defineModel(spec);
`,
    );
    expect((await loadModelFile(join(dir, 'typed.mts'))).spec.coordinates).toEqual(['y']);
    await expect(loadModelFile('nowhere.ts', dir)).rejects.toThrow(MechanicsError);
    await expect(loadModelFile('nowhere.ts', dir)).rejects.toThrow("no model file 'nowhere.ts'");
    const none = projectWith('none.ts', 'export const spec = 1;\n');
    await expect(loadModelFile(join(none, 'none.ts'), none)).rejects.toMatchObject({ code: 'bad-model-file', where: { field: 'default' } });
  });

  it('a folder gives its model files sorted, skipping declaration and hidden files', async () => {
    const dir = projectWith('b.ts', KERNEL_MODEL.replace('kernel-built', 'b'));
    for (const [f, text] of [
      ['a.mjs', KERNEL_MODEL.replace('kernel-built', 'a')],
      ['c.d.ts', 'export {};\n'],
      ['.hidden.ts', 'x'],
      ['notes.md', '#'],
    ]) {
      writeFileSync(join(dir, f), text);
    }
    expect((await loadModels(dir, dir)).map((m) => [m.source, m.spec.name])).toEqual([
      ['a.mjs', 'a'],
      ['b.ts', 'b'],
    ]);
  });
});
