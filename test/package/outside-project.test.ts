// The package as another project gets it: `npm pack`, install the tarball
// into an empty project, write a model file there that imports
// 'unilateral-mechanics', derive it with `npx mechanics`, compile the
// generated module under the strictest flags, and simulate it from an ES
// module that imports the library, its runtime and its kernel; and run the
// runnable blocks of README.md and docs/*.md there, as a reader would (the
// convention is docBlocks' below). One install (the slow part), then every
// check on it.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildSync } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { BALL } from '../cli/run-cli.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSC = join(ROOT, 'node_modules', 'typescript-native', 'bin', 'tsc');
const STRICT = ['--strict', '--noUncheckedIndexedAccess', '--exactOptionalPropertyTypes', '--noImplicitOverride'];

interface Command {
  readonly stdout: string;
  readonly stderr: string;
}

/** Run a command; on failure, throw with everything it printed. */
function run(file: string, args: readonly string[], cwd: string): Command {
  const r = spawnSync(file, args, { cwd, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`${file} ${args.join(' ')} (in ${cwd}) exited ${r.status ?? r.signal}:\n${r.stdout}\n${r.stderr}`);
  return { stdout: r.stdout, stderr: r.stderr };
}

/** A fenced block of a Markdown file, with the line of its opening fence. */
interface DocBlock {
  readonly where: string;
  readonly line: number;
  readonly lang: string;
  readonly body: string;
}

const IMPORTS_PACKAGE = /from 'unilateral-mechanics(?:\/[^']*)?'/;
const FILE_COMMENT = /^\/\/ ([\w-]+(?:\/[\w.-]+)*\.(?:ts|mts|js|mjs))\n/;

/**
 * The runnable blocks of README.md and docs/*.md:
 *   - a ```ts or ```js block that imports 'unilateral-mechanics' and starts
 *     with a `// path` comment is a file of the reader's project, written there;
 *   - any other ```ts or ```js block that imports 'unilateral-mechanics' is a
 *     program, run from the project's folder after the commands;
 *   - in a ```sh block, each line that starts with `npx mechanics` is a
 *     command, run in the project's folder in the order of its file.
 */
function docBlocks(): DocBlock[] {
  const docs = [
    'README.md',
    ...readdirSync(join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .sort()
      .map((f) => `docs/${f}`),
  ];
  return docs.flatMap((where) => {
    const text = readFileSync(join(ROOT, where), 'utf8');
    return [...text.matchAll(/^```(\w*)\n([\s\S]*?)^```/gm)].map((m) => ({
      where,
      line: text.slice(0, m.index).split('\n').length,
      lang: m[1]!,
      body: m[2]!,
    }));
  });
}

const sh = promisify(execFile);

/** The consumer: the generated module, driven by the runtime; the library and kernel alongside. */
const MAIN = `import { simulate, type LoadedModule } from 'unilateral-mechanics/runtime';
import { buildModel, TOOLKIT } from 'unilateral-mechanics';
import { evaluate, parseExpr } from 'unilateral-mechanics/core';
import * as ball from './generated/ball.js';

const mod: LoadedModule = ball;
const { q0, qd0 } = mod.model.initial;
const run = simulate(mod, { q0, qd0, t1: 1, params: { e: 0.5 } });
const impact = run.events.find((e) => e.type === 'impact');
const k = run.t.findIndex((t) => t > (impact?.t ?? Infinity));
console.log(JSON.stringify({
  toolkit: TOOLKIT,
  coordinates: buildModel({ name: 'x', coordinates: ['x'], kinetic: "x'^2/2" }).coordinates.length,
  halfPi: evaluate(parseExpr('pi/2'), {}),
  impact: impact?.t,
  contacts: impact?.contacts,
  qdAfter: run.qd[k]?.[0],
  tAfter: run.t[k],
}));
`;

/** The newest modification time of the files under `dir`, recursively. */
const newest = (dir: string): number =>
  Math.max(...readdirSync(dir, { withFileTypes: true }).map((e) => (e.isDirectory() ? newest(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs)));

/**
 * Whether dist/ was built after the sources last changed (as `npm ci`'s
 * `prepare` has just built it in CI): packing then need not build again,
 * which took 20 s of the suite. Any later change to src/ or the build's
 * configuration makes `npm pack` build first.
 */
function distFresh(): boolean {
  const built = ['dist/src/index.js', 'dist/src/core/mathjs-parse.js'].map((f) => join(ROOT, f));
  if (!built.every(existsSync)) return false;
  const sources = Math.max(newest(join(ROOT, 'src')), ...['package.json', 'tsconfig.json'].map((f) => statSync(join(ROOT, f)).mtimeMs));
  return Math.min(...built.map((f) => statSync(f).mtimeMs)) > sources;
}

describe('a project that installs the packed tarball', () => {
  const work = mkdtempSync(join(tmpdir(), 'mechanics-package-'));
  const project = join(work, 'project');
  let tarball = '';
  let packed: { files: { path: string }[]; size: number; unpackedSize: number };
  let install: Command;

  beforeAll(() => {
    // `npm pack` runs `prepare` (the build) unless dist/ is newer than every source, so a clean clone packs dist/ too.
    const pack = ['pack', '--json', '--pack-destination', work, ...(distFresh() ? ['--ignore-scripts'] : [])];
    packed = (JSON.parse(run('npm', pack, ROOT).stdout) as (typeof packed & { filename: string })[])[0]!;
    tarball = join(work, (packed as { filename?: string }).filename!);
    mkdirSync(join(project, 'models'), { recursive: true });
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'outside-project', private: true, type: 'module' }, null, 2));
    install = run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], project);
    writeFileSync(join(project, 'models', 'ball.ts'), BALL);
  });

  it('the tarball holds the build, the solver sources codegen embeds, docs and LICENSE; no tests, reports or examples', () => {
    const paths = packed.files.map((f) => f.path);
    console.log(`tarball: ${paths.length} files, ${(packed.size / 1024).toFixed(1)} kB packed, ${(packed.unpackedSize / 1024).toFixed(1)} kB unpacked`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'LICENSE',
        'README.md',
        'package.json',
        'dist/src/index.js',
        'dist/src/index.d.ts',
        'dist/src/runtime/index.d.ts',
        'dist/src/core/index.d.ts',
        'dist/src/cli/main.js',
        'docs/model-language.md',
      ]),
    );
    // Generated modules carry the solvers printed from IR: no TypeScript source is shipped to copy them from.
    expect(paths.filter((p) => p.startsWith('src/'))).toEqual([]);
    for (const p of paths)
      expect(p).not.toMatch(/^(test|generated|derivations|bench|test-artifacts)\/|^dist\/(test|generated|derivations|bench)\/|^docs\/reports\//);
  });

  it("'./runtime' never loads the symbolic core: its import graph stays in runtime/ and errors", () => {
    const dist = join(project, 'node_modules', 'unilateral-mechanics', 'dist', 'src');
    const seen = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s*'([^']+)'/g)) {
        if (spec!.startsWith('.')) visit(join(dirname(file), spec!));
      }
    };
    visit(join(dist, 'runtime', 'index.js'));
    const reached = [...seen].map((f) => relative(dist, f).split(sep).join('/'));
    expect(reached.length).toBeGreaterThan(5);
    for (const f of reached) expect(f).toMatch(/^(runtime\/|numeric\/|errors\.js$)/);
  });

  it('installs without an engine warning on this Node.js', () => {
    expect(install.stderr).not.toContain('EBADENGINE');
  });

  it('derives a model file of the project with `npx mechanics`, into generated/ and docs/reports/ of the project', () => {
    const out = run('npx', ['--no-install', 'mechanics', 'derive', 'models/ball.ts'], project);
    console.log(out.stdout.trim());
    for (const f of ['generated/ball.ts', 'docs/reports/ball.html', 'docs/reports/ball.tex', 'docs/reports/index.html', 'docs/reports/katex/katex.min.css'])
      expect(existsSync(join(project, f)), f).toBe(true);
    expect(readFileSync(join(project, 'generated', 'ball.ts'), 'utf8')).toContain('models/ball.ts');
    expect(existsSync(join(project, 'node_modules', 'unilateral-mechanics', 'generated'))).toBe(false);
  });

  it('compiles the generated module and an ES module using it with strict, noUncheckedIndexedAccess, exactOptionalPropertyTypes, noImplicitOverride', () => {
    writeFileSync(join(project, 'main.ts'), MAIN);
    run(
      process.execPath,
      [TSC, ...STRICT, '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--outDir', 'build', 'main.ts', 'generated/ball.ts'],
      project,
    );
    expect(existsSync(join(project, 'build', 'generated', 'ball.js'))).toBe(true);
  });

  it('simulates: the first impact at √(2h/g), the rebound at e·√(2gh)', () => {
    const result = JSON.parse(run(process.execPath, ['build/main.js'], project).stdout) as {
      toolkit: string;
      coordinates: number;
      halfPi: number;
      impact: number;
      contacts: number[];
      qdAfter: number;
      tAfter: number;
    };
    console.log(JSON.stringify(result));
    const g = 9.81,
      h = 2,
      e = 0.5;
    expect(result.toolkit).toMatch(/^unilateral-mechanics /);
    expect(result.coordinates).toBe(1);
    expect(result.halfPi).toBe(Math.PI / 2);
    expect(result.impact).toBeCloseTo(Math.sqrt((2 * h) / g), 8);
    expect(result.contacts).toEqual([0]);
    // Just after the impact: v = e·√(2gh) − g·(t − t_impact).
    expect(result.qdAfter).toBeCloseTo(e * Math.sqrt(2 * g * h) - g * (result.tAfter - result.impact), 6);
  });

  describe('the runnable blocks of README.md and docs/*.md, in a project of their own', () => {
    const blocks = docBlocks();
    const code = blocks.filter((b) => /^(?:ts|js)$/.test(b.lang) && IMPORTS_PACKAGE.test(b.body));
    const files = code.filter((b) => FILE_COMMENT.test(b.body));
    const programs = code.filter((b) => !FILE_COMMENT.test(b.body));
    const commands = blocks
      .filter((b) => b.lang === 'sh')
      .flatMap((b) => b.body.split('\n').flatMap((text, i) => (text.startsWith('npx mechanics') ? [{ where: b.where, line: b.line + 1 + i, text }] : [])));
    const docs = join(work, 'docs-project');

    beforeAll(() => {
      mkdirSync(docs);
      writeFileSync(join(docs, 'package.json'), JSON.stringify({ name: 'docs-project', version: '1.0.0', type: 'commonjs' }, null, 2));
      // The same installed package as the project's (installing it twice would double the slow part).
      symlinkSync(join(project, 'node_modules'), join(docs, 'node_modules'), 'dir');
      for (const b of files) {
        const path = FILE_COMMENT.exec(b.body)![1]!;
        mkdirSync(join(docs, dirname(path)), { recursive: true });
        writeFileSync(join(docs, path), b.body);
      }
    });

    it('finds the blocks the convention marks: commands, project files and programs', () => {
      expect(commands.map((c) => `${c.where}:${c.line}`)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^README\.md:/),
          expect.stringMatching(/^docs\/contract\.md:/),
          expect.stringMatching(/^docs\/model-language\.md:/),
        ]),
      );
      expect(files.map((b) => FILE_COMMENT.exec(b.body)![1])).toEqual(expect.arrayContaining(['models/ball.ts', 'models/pendulum.ts']));
      expect(programs.length).toBeGreaterThan(3);
    });

    it('every `npx mechanics` command succeeds (the files of one document in order, the documents side by side)', async () => {
      const byDoc = new Map<string, typeof commands>();
      for (const c of commands) byDoc.set(c.where, [...(byDoc.get(c.where) ?? []), c]);
      const failed = (
        await Promise.all(
          [...byDoc.values()].map(async (list) => {
            const failures: string[] = [];
            for (const c of list) {
              await sh('sh', ['-c', c.text], { cwd: docs, maxBuffer: 64 << 20 }).catch((err: { code?: number; stderr?: string }) =>
                failures.push(`${c.where}:${c.line}: \`${c.text}\` exited ${err.code}:\n${err.stderr}`),
              );
            }
            return failures;
          }),
        )
      ).flat();
      expect(failed).toEqual([]);
      // The user's index names the user's folder.
      expect(readFileSync(join(docs, 'docs', 'reports', 'index.html'), 'utf8')).toContain('One report per model in <code>models/</code>');
    });

    it('every program runs from the project, importing the package and what the commands wrote', () => {
      const runs = programs.map((b, i) => {
        const entry = join(docs, `doc-program-${i}.${b.lang === 'js' ? 'mjs' : 'mts'}`);
        writeFileSync(entry, b.body);
        const outfile = join(docs, `doc-program-${i}.bundle.mjs`);
        buildSync({ entryPoints: [entry], outfile, bundle: true, packages: 'external', platform: 'node', format: 'esm', logLevel: 'silent' });
        return { where: `${b.where}:${b.line}`, outfile };
      });
      // One Node.js for all of them: each is imported in turn, a failure named by its block.
      const runner = `import { pathToFileURL } from 'node:url';
for (const { where, outfile } of ${JSON.stringify(runs)}) {
  try { await import(pathToFileURL(outfile).href); } catch (err) { console.error(\`FAILED \${where}: \${err?.stack ?? err}\`); process.exitCode = 1; }
}`;
      writeFileSync(join(docs, 'doc-programs.mjs'), runner);
      const r = spawnSync(process.execPath, ['doc-programs.mjs'], { cwd: docs, encoding: 'utf8', maxBuffer: 64 << 20 });
      expect(r.stderr.split('\n').filter((l) => l.startsWith('FAILED'))).toEqual([]);
      expect(r.status).toBe(0);
    });
  });

  it('`npx mechanics simulate` on the file prints JSON with the same impact', () => {
    const out = run('npx', ['--no-install', 'mechanics', 'simulate', 'models/ball.ts', '--format', 'json', '--samples', '3'], project);
    const json = JSON.parse(out.stdout) as { model: string; events: { t: number; contacts: string[] }[] };
    expect(json.model).toBe('ball');
    expect(json.events[0]!.contacts).toEqual(['floor']);
    expect(json.events[0]!.t).toBeCloseTo(Math.sqrt(4 / 9.81), 8);
  });
});
