// Run by heap-growth.ts in a child `node --expose-gc`: derives `until` n-link
// pendulums whose coordinates and parameters are named after the run index
// (each a model no earlier run built), each through the stages asked for,
// and prints the heap after a full GC at run `from` and at run `until`, and
// the runs from `from` on whose first coordinate is still alive then (the
// last RECENT aside: the intern table holds the atoms made since its last
// aging, every 4096 nodes, strongly).
// Between runs it yields to the event loop: a WeakRef made or dereferenced in
// a job keeps its target alive until the job ends (ECMA-262
// AddToKeptObjects), so one synchronous loop frees nothing.
import { generateModule } from '../../src/codegen/module.js';
import { sym } from '../../src/core/expr.js';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel } from '../../src/model/index.js';
import { buildReport } from '../../src/report/report.js';
import { nLinkPendulum } from '../../derivations/n-link-pendulum.js';

const [from, until, nMin, nMax, stages] = process.argv.slice(2);
const gc = globalThis.gc;
if (gc === undefined) throw new Error('run with node --expose-gc');

const RECENT = 4;

const nextTask = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

async function heapAfterGc(): Promise<number> {
  // Two rounds: the first lets the atom table's deferred sweep run.
  for (let i = 0; i < 2; i++) {
    await nextTask();
    gc!();
  }
  return process.memoryUsage().heapUsed;
}

function run(k: number): void {
  const n = Number(nMin) + (k % (Number(nMax) - Number(nMin) + 1));
  const system = deriveSystem(buildModel(nLinkPendulum(n, { q: `q${k}_`, m: `m${k}_`, l: `l${k}_` })));
  if (stages!.includes('codegen')) generateModule(system, 'pendulum.ts');
  if (stages!.includes('report')) buildReport(system, { source: 'pendulum.ts', toolkit: 'heap-growth' });
}

const coordinates: WeakRef<object>[] = [];
let before = 0;
for (let k = 0; k < Number(until); k++) {
  if (k === Number(from)) before = await heapAfterGc();
  run(k);
  coordinates.push(new WeakRef(sym(`q${k}_1`)));
  await nextTask();
}
const after = await heapAfterGc();
const retained = coordinates.flatMap((c, k) => (k >= Number(from) && k < coordinates.length - RECENT && c.deref() !== undefined ? [k] : []));
console.log(JSON.stringify({ before, after, retained }));
