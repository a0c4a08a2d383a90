// docs/bench.md as tables of the latest run: `npm run bench` (bench/run.ts)
// writes the run's JSON lines to docs/bench.json and renders the page from
// them; `node dist/bench/docs.js` renders it again from that file. Each
// cell is a median over processes with its (min–max); the page carries
// the date, Node and the machine's load, and nothing older (git has the
// history). The sections and the tables' columns do not depend on the run,
// so test/bench/docs.test.ts can check that the page is this renderer's.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Line = Record<string, unknown>;

/** A run as docs/bench.json holds it: the flags it was started with and its lines, in order. */
export interface BenchResults {
  readonly flags: readonly string[];
  readonly lines: readonly Line[];
}

/** Relative to the repository's root, where npm run bench runs. */
export const RESULTS_FILE = 'docs/bench.json';
export const PAGE_FILE = 'docs/bench.md';

/** A number as printed in the tables: thin groups of thousands, at most `digits` decimals. */
const num = (x: number, digits: number): string => x.toLocaleString('en-US', { maximumFractionDigits: digits }).replace(/,/g, ' ');

/** A figure as "median (min–max)" when it was measured in several processes that differed; – when absent. */
export function fig(line: Line | undefined, field: string, digits = 1): string {
  const v = line?.[field];
  if (typeof v !== 'number') return '–';
  const spread = (line!.spread as Record<string, [number, number]> | undefined)?.[field];
  return spread ? `${num(v, digits)} (${num(spread[0], digits)}–${num(spread[1], digits)})` : num(v, digits);
}

const table = (head: readonly string[], rows: readonly (readonly string[])[]): string =>
  [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

const str = (x: unknown): string => (x === undefined ? '–' : String(x));

/** A difference or residual near roundoff, to two digits (1.1e-12). */
const tiny = (x: unknown): string => (typeof x === 'number' && x !== 0 ? x.toExponential(1) : str(x));

/** A line that failed (memory, stack) fills its row with the error. */
const failed = (l: Line, width: number): string[] | undefined =>
  l.error === undefined ? undefined : [`failed: ${String(l.error)}`, ...Array.from({ length: width - 1 }, () => '')];

export function benchMarkdown({ flags, lines }: BenchResults): string {
  const ours = (bench: string): Line[] => lines.filter((l) => l.bench === bench && l.peer === undefined && l.skipped === undefined);
  const peer = (bench: string, name: string, match: (l: Line) => boolean = () => true): Line | undefined =>
    lines.find((l) => l.bench === bench && l.peer === name && match(l));
  const skipped = lines.filter((l) => l.skipped !== undefined).map((l) => `${String(l.bench)}: ${String(l.skipped)}.`);
  const machine = lines.find((l) => l.bench === 'machine') ?? {};

  const pendulum = table(
    ['n', 'derive ms', 'codegen ms', 'cold ms', 'q̈ ns', 'ops', 'RSS MB', 'SymPy derive ms', 'SymPy lambdify q̈ ns'],
    ours('pendulum').map((l) => {
      const sympy = peer('pendulum', 'sympy', (p) => p.n === l.n);
      const rhs = fig(l, 'rhsNs', 0);
      return [
        String(l.n),
        ...(failed(l, 8) ?? [
          fig(l, 'deriveMs'),
          fig(l, 'codegenMs'),
          fig(l, 'coldMs', 0),
          l.optimized === false ? `${rhs} (unoptimized)` : rhs,
          fig(l, 'ops', 0),
          fig(l, 'rssMB', 0),
          fig(sympy, 'deriveMs', 0),
          fig(sympy, 'rhsNs', 0),
        ]),
      ];
    }),
  );
  const exponent = (from: number, to: number): string => {
    const l = ours('pendulum-scaling').find((x) => x.from === from && x.to === to);
    return l ? str(l.exponent) : `– (n = ${to} not in this run${to > 40 ? ': `--large`' : ''})`;
  };
  const routes = table(
    ['n', 'articulated q̈ ns', 'M factored q̈ ns', 'max \\|Δq̈\\|'],
    ours('pendulum-routes').map((l) => [String(l.n), ...(failed(l, 3) ?? [fig(l, 'articulatedNs', 0), fig(l, 'denseNs', 0), tiny(l.maxDiff)])]),
  );
  const stepping = ours('moreau-jean');
  const siconos = table(
    ['model', 'contacts', 'steps', 'ours steps/s', 'Siconos steps/s', 'LCP solves', 'worst residual'],
    stepping.map((l) => [
      String(l.model),
      str(l.contacts),
      str(l.steps),
      fig(l, 'stepsPerSec', 0),
      fig(
        peer('moreau-jean', 'siconos', (p) => p.model === l.model),
        'stepsPerSec',
        0,
      ),
      fig(l, 'lcpSolves', 0),
      tiny(l.lcpResidual),
    ]),
  );
  const pattern = table(
    ['model', "CPU µs/step, M's pattern", 'CPU µs/step, dense M', 'dense / pattern'],
    stepping
      .filter((l) => l.denseCpuUsPerStep !== undefined)
      .map((l) => [String(l.model), fig(l, 'cpuUsPerStep', 2), fig(l, 'denseCpuUsPerStep', 2), fig(l, 'sparseSpeedup', 2)]),
  );
  const bicycleRow = (who: string, l: Line | undefined): string[] => [
    who,
    ...((l && failed(l, 6)) ?? [
      fig(l, 'deriveMs', 0),
      fig(l, 'linearizeMs', 0),
      fig(l, 'simplifiedMs', 0),
      fig(l, 'codegenMs', 0),
      fig(l, 'rhsNs', 0),
      fig(l, 'denseRhsNs', 0),
    ]),
  ];
  const sympyBicycle = peer('bicycle', 'sympy');
  const bicycle = table(
    ['', 'derive ms', 'linearize ms', 'simplified ms', 'codegen ms', 'rhs ns', 'dense rhs ns'],
    [bicycleRow('ours', ours('bicycle')[0]), bicycleRow(`SymPy ${sympyBicycle ? str(sympyBicycle.version) : '(not in this run)'}`, sympyBicycle)],
  );
  const interval = (l: Line, field: string): string => {
    const ci = (l.ci95 as Record<string, [number, number]> | undefined)?.[field];
    return ci ? ` [${num(ci[0], 1)} … ${num(ci[1], 1)}]` : '';
  };
  const parts = (l: Line): string => {
    const p = (l.cpuUsPerCell ?? {}) as Record<string, number | undefined>;
    const queue = [p.submitter, p.workers, p.redis].map((x) => str(x)).join(' + ');
    return `${str(p.pool)} → ${queue}`;
  };
  const basinName = (l: Line): string => (l.basin === undefined ? 'ball' : String(l.basin));
  const load = (l: Line): string => {
    const [lo, hi] = (l.load as [number, number] | undefined) ?? [];
    return lo === undefined ? '' : ` (load ${num(lo, 0)}–${num(hi!, 0)})`;
  };
  // A list, not a table: the page's tables are its fixed structure (test/bench/docs.test.ts).
  const sweepOverhead = ours('sweep-overhead');
  const cellsOf = (basin: string): string => {
    const l = sweepOverhead.find((x) => basinName(x) === basin);
    return l ? `${fig(l, 'cells', 0)} cells in chunks of ${str(l.chunk)}` : 'not in this run';
  };
  const overhead = sweepOverhead
    .map(
      (l) =>
        `- ${basinName(l)}, ${str(l.workers)} worker${l.workers === 1 ? '' : 's'}, ${str(l.rounds)} rounds${load(l)}: wall ${fig(l, 'overheadPct')}${interval(l, 'overheadPct')} %, ` +
        `CPU ${fig(l, 'cpuOverheadPct')}${interval(l, 'cpuOverheadPct')} %, ` +
        `${fig(l, 'cpuOverheadUsPerCell')}${interval(l, 'cpuOverheadUsPerCell')} µs of CPU per cell; ` +
        `CPU µs per cell, pool → submitter + workers + Redis: ${parts(l)}`,
    )
    .join('\n');
  const sweep = table(
    ['route', 'workers', 'cells/s', 'wall ms', 'CPU ms', 'CPU µs/cell'],
    ours('sweep').map((l) => [
      `${basinName(l)}: ${String(l.route)}`,
      str(l.workers),
      ...(failed(l, 4) ?? [fig(l, 'cellsPerSec', 0), fig(l, 'wallMs', 0), fig(l, 'cpuMs', 0), fig(l, 'cpuUsPerCell', 0)]),
    ]),
  );
  const targetC = table(
    ['model', 'n', 'C ns', 'TypeScript ns', 'max \\|Δq̈\\|'],
    ours('target-c').map((l) => [String(l.model), str(l.n), fig(l, 'cNs', 0), fig(l, 'tsNs', 0), tiny(l.maxDiff)]),
  );
  const targetPython = table(
    ['model', 'n', 'Python ns', 'SymPy lambdify ns', 'max \\|Δq̈\\|'],
    ours('target-python').map((l) => [String(l.model), str(l.n), fig(l, 'pythonNs', 0), fig(l, 'sympyNs', 0), tiny(l.maxDiff)]),
  );
  const event = ours('event-driven')[0];
  const startup = table(
    ['command', 'wall ms', 'CPU ms', 'target ms', 'load'],
    ours('startup').map((l) => [`\`${String(l.command)}\``, fig(l, 'wallMs', 0), fig(l, 'cpuMs', 0), str(l.targetMs), str(l.load)]),
  );
  const versions = [peer('pendulum', 'sympy'), peer('moreau-jean', 'siconos')].filter((l) => l !== undefined).map((l) => `${String(l.peer)} ${str(l.version)}`);

  return `# Benchmarks

\`npm run bench\` measures, prints JSON lines (their fields: \`bench/run.ts\`),
writes them to \`docs/bench.json\` and renders this page from them
(\`node dist/bench/docs.js\` renders it again). Flags after \`--\`:
\`--large\` adds the 60- and 100-link pendulums and SymPy's bicycle (half an
hour), \`--no-peers\` leaves SymPy
and Siconos out, \`--quick\` (the bench's test; writes nothing) runs small
sizes. Every figure is measured in processes of its own (heaps, caches and
the JIT do not carry over); a cell is their median and (min–max). Timings
are taken warm: derive and codegen after 3 s of untimed runs with fresh
symbol names, generated code after V8 has optimized it ("unoptimized"
flags where it had not), Moreau–Jean after 1.5 s of untimed runs. Wall
time stretches with the load of this shared machine; the CPU columns do
not. No unit test asserts a timing.

## Latest run

${str(machine.date)}, \`npm run bench${flags.length ? ` -- ${flags.join(' ')}` : ''}\`, Node ${str(machine.node)}, ${str(machine.cpus)} × ${str(machine.cpuModel)};
${str(machine.processes)} processes per figure; 1-minute load average ${str(machine.loadStart)} at the start, ${str(machine.loadEnd)} at the end.
Peers: ${versions.length ? versions.join(', ') : 'none in this run'}.${skipped.length ? ` Skipped: ${skipped.join(' ')}` : ''}

### Derivation and code generation (n-link pendulum)

Derive is \`deriveSystem\` (Lagrange II, the Jacobians, the energy), codegen
\`generateModule\`, cold both as the first job of a process (what the CLI
pays); q̈ is one generated \`accelerations\` call; ops the operations of M
and the forcing after CSE (\`bench/ops.ts\`). SymPy: \`LagrangesMethod\`, and
its lambdified M and forcing with \`numpy.linalg.solve\`.

${pendulum}

Cost exponent of derive + codegen, log(t₂/t₁)/log(n₂/n₁): n = 10 → 40 ${exponent(10, 40)}; n = 10 → 100 ${exponent(10, 100)}.

### q̈ of the n-link chain by both routes

The articulated-body recursion over the joints' tree and M formed and factored (up to n = 10).

${routes}

### Time-stepping (Moreau–Jean, θ = ½, h = 10⁻³)

The bouncing ball over 10 s, a chain of 50 balls and a stack of 20 blocks
over 1 s (\`bench/models.ts\`), M, forcing and gap Jacobian declared
constant in both programs; Siconos' \`MoreauJeanOSI\` on the same models
(\`bench/peers/siconos_moreau_jean.py\`), from the same run.

${siconos}

M's block pattern (the generated factor and solve within M's envelope,
\`M⁻¹Gᵀ\` and the Delassus matrix kept to their non-zero blocks) against the
dense Cholesky of the same M, alternating runs in each process. With M and
the forcing constant, M is factored and solved with only at a run's start
(M⁻¹F once per step length, \`M⁻¹Gᵀ\` once per contact), so both routes share
every step:

${pattern}

### The Whipple bicycle

Derive (\`buildModel\` + \`deriveSystem\`) and linearize at 5 m/s upright
(\`steadyMotionsAt\`), then the simplified entries the report and module
need, codegen and one \`rhs\` call (bodywise, and M printed dense); SymPy's
\`KanesMethod\` derivation and linearization (\`bench/peers/sympy_bicycle.py\`,
one process, \`--large\` runs only).

${bicycle}

### Sweeps: the local pool and the Redis queue

Two basins, each in rounds of both routes, each sweep in a process of its own (docs/queue.md): the bouncing ball's (${cellsOf('ball')}), cheap cells, and the compass walker's (${cellsOf('walker')}).

${sweep}

The queue's overhead per cell over the pool's, target ${str(sweepOverhead[0]?.targetPct)} %: the median of the rounds' own differences (min–max) [its 95 % interval], and the CPU per cell of each process.

${overhead}

### Generated modules in C and Python (one \`accelerations\` call)

${targetC}

${targetPython}

### Event-driven bouncing ball

Rest time ${str(event?.tRest)} against t* = ${str(event?.tRestExact)} in ${fig(event, 'wallMs', 2)} ms.

### Start-up of the command line

${startup}
`;
}

/** Write a run's lines to docs/bench.json and render docs/bench.md from that file. */
export function writeResults(results: BenchResults): void {
  writeFileSync(RESULTS_FILE, `{"flags": ${JSON.stringify(results.flags)}, "lines": [\n${results.lines.map((l) => JSON.stringify(l)).join(',\n')}\n]}\n`);
  renderResults();
}

/** docs/bench.md from docs/bench.json. */
export function renderResults(): void {
  writeFileSync(PAGE_FILE, benchMarkdown(JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as BenchResults));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) renderResults();
