// npm run bench: the planar n-link pendulum of point masses, n ∈ {2,…,12}.
// One JSON line per n:
//   deriveMs   model → simplified M and forcing (Lagrange II), JIT warm but
//              nothing cached: the kernel is first exercised on the same
//              system with other symbol names, so no node is reused;
//   coldMs     the same, as the first derivation in the process;
//   codegenMs  DerivedSystem → TypeScript source;
//   ops        operations in the M + forcing block after CSE;
//   rhsNs      median ns per accelerations() call of the generated code;
//   acc        q̈ at q_i = 0.1 + 0.6(i−1)/(n−1), q̇_i = −0.3 + 0.7(i−1)/(n−1),
//              m_i = l_i = 1, g = 9.81.
// Each n runs in its own process so heaps and caches do not carry over.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { buildModel } from '../src/model/index.js';
import { deriveLagrange2 } from '../src/derive/lagrange2.js';
import { deriveSystem } from '../src/derive/system.js';
import { generateModule } from '../src/codegen/module.js';
import { nLinkPendulum } from '../derivations/n-link-pendulum.js';
import type { GeneratedModel } from '../src/runtime/contract.js';

const SIZES = [2, 4, 6, 8, 10, 12];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function measure(n: number): Promise<Record<string, unknown>> {
  const t0 = performance.now();
  deriveLagrange2(buildModel(nLinkPendulum(n)));
  const coldMs = performance.now() - t0;
  const warm: number[] = [];
  for (let r = 0; r < 5; r++) {
    const spec = nLinkPendulum(n, { q: `a${r}_`, m: `b${r}_`, l: `c${r}_` });
    const s = performance.now();
    deriveLagrange2(buildModel(spec));
    warm.push(performance.now() - s);
  }
  // Both runs above count; the reported figure is the median of the fresh-symbol runs.
  const system = deriveSystem(buildModel(nLinkPendulum(n, { q: 'q', m: 'm', l: 'l' })));
  const c0 = performance.now();
  const mod = generateModule(system, 'derivations/n-link-pendulum.ts');
  const codegenMs = performance.now() - c0;

  const dir = mkdtempSync(join(tmpdir(), 'bench-'));
  const file = join(dir, 'model.mjs');
  writeFileSync(file, ts.transpileModule(mod.source, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ES2022 } }).outputText);
  const gen = (await import(pathToFileURL(file).href)) as GeneratedModel;
  rmSync(dir, { recursive: true });
  const q = Array.from({ length: n }, (_, i) => 0.1 + (0.6 * i) / (n - 1));
  const qd = Array.from({ length: n }, (_, i) => -0.3 + (0.7 * i) / (n - 1));
  const p = {};
  const out = new Float64Array(n);
  const batch = 20000;
  const samples: number[] = [];
  for (let r = 0; r < 40; r++) {
    const s = process.hrtime.bigint();
    for (let k = 0; k < batch; k++) gen.accelerations(0, q, qd, p, out);
    samples.push(Number(process.hrtime.bigint() - s) / batch);
  }
  const acc = Array.from(gen.accelerations(0, q, qd, p));
  return { n, deriveMs: +median(warm).toFixed(2), coldMs: +coldMs.toFixed(1), codegenMs: +codegenMs.toFixed(2), ops: mod.dynamicsOps, rhsNs: +median(samples.slice(10)).toFixed(1), acc };
}

const arg = process.argv[2];
if (arg) {
  console.log(JSON.stringify(await measure(Number(arg))));
} else {
  const self = fileURLToPath(import.meta.url);
  for (const n of SIZES) process.stdout.write(execFileSync(process.execPath, [self, String(n)], { encoding: 'utf8' }));
}
