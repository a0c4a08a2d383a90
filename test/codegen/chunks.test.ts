// Large kernel blocks are split into chunk functions (src/codegen/lower.ts),
// so that V8 optimizes them: the split code must compute exactly what the
// single block computes.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { generateModule } from '../../src/codegen/module.js';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel } from '../../src/model/index.js';
import type { LoadedModule } from '../../src/runtime/contract.js';
import { nLinkPendulum } from '../../derivations/n-link-pendulum.js';
import { syntaxErrors } from '../helpers/generated-module.js';

const dir = mkdtempSync(join(tmpdir(), 'mechanics-chunks-'));

async function load(source: string, tag: string): Promise<LoadedModule> {
  const js = ts.transpileModule(source, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText;
  const file = join(dir, `${tag}.mjs`);
  writeFileSync(file, js);
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as LoadedModule;
}

describe('chunked kernel blocks', () => {
  const n = 5;
  const sys = deriveSystem(buildModel(nLinkPendulum(n)));
  const whole = generateModule(sys, 'derivations/n-link-pendulum.ts');
  // A limit of 40 operations splits M and the forcing of the 5-link pendulum into several chunks.
  const split = generateModule(sys, 'derivations/n-link-pendulum.ts', { chunkOps: 40 });

  it('splits dynamics$ into chunk functions and counts the same operations', () => {
    const chunks = split.source.match(/^function dynamics\$\d+\(/gm) ?? [];
    expect(chunks.length).toBeGreaterThan(3);
    expect(whole.source).not.toMatch(/^function dynamics\$\d+\(/m);
    expect(split.dynamicsOps).toBe(whole.dynamicsOps);
    expect(syntaxErrors(split.source)).toEqual([]);
  });

  it('evaluates M, the forcing, q̈ and the Jacobian of the rhs bit for bit as the single block does', async () => {
    const a = await load(whole.source, 'whole');
    const b = await load(split.source, 'split');
    const params = { m1: 1.3, l2: 0.7, g: 9.81 };
    for (let k = 0; k < 5; k++) {
      const q = Array.from({ length: n }, (_, i) => Math.sin(1.7 * k + i));
      const qd = Array.from({ length: n }, (_, i) => Math.cos(0.9 * k - 2 * i));
      expect(Array.from(b.massMatrix(0, q, params))).toEqual(Array.from(a.massMatrix(0, q, params)));
      expect(Array.from(b.forcing(0, q, qd, params))).toEqual(Array.from(a.forcing(0, q, qd, params)));
      expect(Array.from(b.accelerations(0, q, qd, params))).toEqual(Array.from(a.accelerations(0, q, qd, params)));
      const x = [...q, ...qd];
      expect(Array.from(b.rhsJacobian!(0, x, params))).toEqual(Array.from(a.rhsJacobian!(0, x, params)));
    }
  });
});
