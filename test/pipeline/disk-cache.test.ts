// The disk cache of compiled code: where it lives, that a damaged entry is a
// miss, and what it serves. A model file's bundle and its generated module
// come from the cache while the file, its local imports and the toolkit are
// unchanged (shown by planting a marker in the stored entry and seeing it
// come back), and are compiled anew when any of them changes.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initialState } from '../../src/model/index.js';
import { compileModelFile } from '../../src/pipeline/cached-model.js';
import { cachedModule } from '../../src/pipeline/cached-module.js';
import { compileModel } from '../../src/pipeline/compiled-model.js';
import { cacheDir, readEntry, writeEntry } from '../../src/pipeline/disk-cache.js';
import { loadGenerated } from '../../src/pipeline/load-generated.js';
import { loadModelFile } from '../../src/pipeline/model-file.js';
import { runModel } from '../../src/pipeline/run-text.js';
import { BALL, projectWith } from '../cli/run-cli.js';

const tempDir = (): string => mkdtempSync(join(tmpdir(), 'mechanics-cache-'));

/** The one entry in `dir`, rewritten by `edit`. */
function editOnlyEntry(dir: string, edit: (entry: Record<string, unknown>) => void): void {
  const [name, ...more] = readdirSync(dir);
  expect(more).toEqual([]);
  const path = join(dir, name!);
  const entry = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  edit(entry);
  writeFileSync(path, JSON.stringify(entry));
}

describe('the cache folder', () => {
  it('is $MECHANICS_CACHE_DIR (off: none), else under $XDG_CACHE_HOME, else under ~/.cache', () => {
    expect(cacheDir({ MECHANICS_CACHE_DIR: '/tmp/c', XDG_CACHE_HOME: '/x' })).toBe('/tmp/c');
    expect(cacheDir({ MECHANICS_CACHE_DIR: 'off' })).toBeUndefined();
    expect(cacheDir({ XDG_CACHE_HOME: '/x' })).toBe('/x/unilateral-mechanics');
    expect(cacheDir({})).toBe(join(homedir(), '.cache', 'unilateral-mechanics'));
  });

  it('gives back what was stored; a damaged or absent entry, or no folder, is a miss', () => {
    const dir = tempDir();
    writeEntry(dir, 'k', { code: 'x' });
    expect(readEntry(dir, 'k')).toEqual({ code: 'x' });
    writeFileSync(join(dir, 'k.json'), '{"code": "x');
    expect(readEntry(dir, 'k')).toBeUndefined();
    expect(readEntry(dir, 'absent')).toBeUndefined();
    writeEntry(undefined, 'k', { code: 'y' });
    expect(readEntry(undefined, 'k')).toBeUndefined();
  });
});

describe("a model file's bundle", () => {
  const saved = process.env.MECHANICS_CACHE_DIR;
  let dir: string;
  beforeEach(() => {
    dir = tempDir();
    process.env.MECHANICS_CACHE_DIR = dir;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.MECHANICS_CACHE_DIR;
    else process.env.MECHANICS_CACHE_DIR = saved;
  });

  /** Store the file's bundle, then plant another model name in the stored code. */
  async function plant(project: string): Promise<void> {
    await loadModelFile(join(project, 'ball.ts'));
    editOnlyEntry(dir, (e) => {
      e.code = (e.code as string).replace('name: "ball"', 'name: "from-cache"');
    });
  }

  it('is served from the cache while the file is unchanged, compiled anew when it changes', async () => {
    const project = projectWith('ball.ts', BALL);
    await plant(project);
    expect((await loadModelFile(join(project, 'ball.ts'))).spec.name).toBe('from-cache');
    writeFileSync(join(project, 'ball.ts'), BALL.replace("name: 'ball'", "name: 'edited'"));
    expect((await loadModelFile(join(project, 'ball.ts'))).spec.name).toBe('edited');
  });

  it('is compiled anew when a local file it imports changes', async () => {
    const project = projectWith('ball.ts', BALL.replace("name: 'ball'", "name: 'ball' + SUFFIX").replace(/^/, "import { SUFFIX } from './suffix.js';\n"));
    writeFileSync(join(project, 'suffix.ts'), "export const SUFFIX = '';\n");
    await loadModelFile(join(project, 'ball.ts'));
    editOnlyEntry(dir, (e) => {
      e.code = (e.code as string).replace('"ball" + SUFFIX', '"from-cache"');
    });
    expect((await loadModelFile(join(project, 'ball.ts'))).spec.name).toBe('from-cache');
    writeFileSync(join(project, 'suffix.ts'), "export const SUFFIX = '-2';\n");
    expect((await loadModelFile(join(project, 'ball.ts'))).spec.name).toBe('ball-2');
  });

  it('is compiled anew over a damaged entry', async () => {
    const project = projectWith('ball.ts', BALL);
    await loadModelFile(join(project, 'ball.ts'));
    const [name] = readdirSync(dir);
    writeFileSync(join(dir, name!), '{"inputs": {');
    expect((await loadModelFile(join(project, 'ball.ts'))).spec.name).toBe('ball');
  });
});

describe("a model's generated module", () => {
  /** Whether a loaded module carries the marker planted in a stored entry. */
  const fromCache = (c: { loaded: object }): boolean => (c.loaded as { cacheMarker?: boolean }).cacheMarker === true;
  const plant = (dir: string, js: (stored: string) => string): void =>
    editOnlyEntry(dir, (e) => {
      e.js = js(e.js as string);
    });

  it('is served from the cache for the same file and toolkit; another toolkit or another model compiles it', async () => {
    const project = projectWith('ball.ts', BALL);
    const ball = await loadModelFile(join(project, 'ball.ts'), project);
    const dir = tempDir();
    expect(fromCache(compileModelFile(ball, dir, 'toolkit-1'))).toBe(false);
    plant(dir, (js) => `${js}\nmodule.exports.cacheMarker = true;`);

    const cached = compileModelFile(ball, dir, 'toolkit-1');
    expect(fromCache(cached)).toBe(true);
    // What the cache skipped is still there on demand, the same as derived now.
    expect(cached.model.name).toBe('ball');
    expect(cached.module.source).toBe(compileModel(ball, loadGenerated).module.source);

    expect(fromCache(compileModelFile(ball, dir, 'toolkit-2'))).toBe(false);
    const other = await loadModelFile(join(projectWith('ball.ts', BALL.replace('e: { default: 0.5', 'e: { default: 0.25')), 'ball.ts'));
    expect(fromCache(compileModelFile(other, dir, 'toolkit-1'))).toBe(false);
  });

  it("alone (cachedModule) is a miss before the model's first compile, then the module, whose metadata tells a run what the model does", async () => {
    const ball = await loadModelFile(join(projectWith('ball.ts', BALL), 'ball.ts'));
    const dir = tempDir();
    expect(cachedModule(ball, dir, 'toolkit-1')).toBeUndefined();
    const compiled = compileModelFile(ball, dir, 'toolkit-1');
    void compiled.loaded;
    const { model } = compiled;
    const mod = cachedModule(ball, dir, 'toolkit-1')!;
    const named = (list: readonly { readonly name: string }[] | undefined): string[] => (list ?? []).map((c) => c.name);
    const run = runModel(mod.model, ball.spec);
    expect([run.name, run.title, named(run.unilateral), named(run.compliant), named(run.patches)]).toEqual([
      model.name,
      model.title,
      named(model.unilateral),
      named(model.compliant),
      named(model.patches),
    ]);
    expect(run.coordinates).toEqual(model.coordinates.map((c) => (c.unit === undefined ? { name: c.name } : { name: c.name, unit: c.unit })));
    expect(mod.model.initial).toEqual(initialState(model, Object.fromEntries(model.parameters.map((p) => [p.name, p.default]))));
  });

  it('is compiled anew over an entry that is not a module', async () => {
    const ball = await loadModelFile(join(projectWith('ball.ts', BALL), 'ball.ts'));
    const dir = tempDir();
    void compileModelFile(ball, dir, 'toolkit-1').loaded;
    plant(dir, () => 'module.exports = {');
    const { loaded } = compileModelFile(ball, dir, 'toolkit-1');
    expect(loaded.accelerations(0, [1], [0], { m: 1, g: 9.81, e: 0.5 })[0]).toBeCloseTo(-9.81, 12);
  });
});
