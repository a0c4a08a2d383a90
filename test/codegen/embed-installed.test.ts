// Codegen reads the solver sources from src/numeric at run time. In an
// installed package the compiled module sits in dist/src/codegen/ and the
// sources in src/numeric/ (package.json `files`): this lays out that tree in
// a temporary folder and embeds from there.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { embeddedSource } from '../../src/codegen/embed.js';
import { ROOT } from '../helpers/examples.js';

describe('embedding from an installed package (node_modules/unilateral-mechanics)', () => {
  it('finds src/numeric next to dist/src/codegen and copies the same source', async () => {
    const pkg = join(mkdtempSync(join(tmpdir(), 'mechanics-pkg-')), 'node_modules', 'unilateral-mechanics');
    mkdirSync(join(pkg, 'dist', 'src', 'codegen'), { recursive: true });
    cpSync(join(ROOT, 'src', 'numeric'), join(pkg, 'src', 'numeric'), { recursive: true });
    const js = ts.transpileModule(readFileSync(join(ROOT, 'src', 'codegen', 'embed.ts'), 'utf8'), {
      compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ES2022 },
    }).outputText;
    writeFileSync(join(pkg, 'dist', 'src', 'codegen', 'embed.js'), js);
    writeFileSync(join(pkg, 'package.json'), '{"type":"module"}');
    const installed = (await import(
      /* @vite-ignore */ pathToFileURL(join(pkg, 'dist', 'src', 'codegen', 'embed.js')).href
    )) as typeof import('../../src/codegen/embed.js');
    expect(installed.embeddedSource('lu.ts', 'luFactor')).toBe(embeddedSource('lu.ts', 'luFactor'));
  });
});
