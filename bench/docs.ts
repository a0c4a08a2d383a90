// docs/bench.md from one run of the bench (`npm run bench -- --large
// --docs`): what each line means, then the run's figures as tables, each
// a median over processes with its [min, max], and the machine and its
// load, so that the page always shows the latest run and nothing older.
type Line = Record<string, unknown>;

const FIELDS = `| line | fields | what |
| --- | --- | --- |
| \`pendulum\` | \`n, deriveMs, codegenMs, rhsNs, optimized, ops, acc\` and \`lagrange2Ms, linearizeMs, coldMs, rssMB\` | the planar n-link pendulum of point masses (\`derivations/n-link-pendulum.ts\`), n = 2…12, 15, 20, 30, 40 (and 60, 100 with \`--large\`) |
| \`pendulum-scaling\` | \`from, to, exponent\` | log(t_to/t_from)/log(to/from) of deriveMs + codegenMs, 10 → 40 and 10 → 100 |
| \`moreau-jean\` | \`model, contacts, h, steps, stepsPerSec\` and \`t1, impacts, lcpSolves, lcpIterations, warmStartHits, lcpFallbacks, lcpResidual\` | Moreau–Jean (θ = ½, h = 10⁻³) on the bouncing ball (10 s), a chain of 50 balls and a stack of 20 blocks (1 s, \`bench/models.ts\`), M, the forcing and the gap Jacobian declared constant (as the Siconos script declares \`LagrangianLinearTIDS\`/\`LagrangianLinearTIR\`); after 1.5 s of untimed runs (JIT warm-up) |
| \`event-driven\` | \`model, tRest, wallMs\` and \`tRestExact, impacts\` | the bouncing ball's event-driven run to its accumulation point t* = √(2y₀/g) + 2√(2gy₀)e/(g(1 − e)) |
| \`startup\` | \`command, wallMs, targetMs, runs, load\` and \`cpuMs\` | one \`mechanics\` process per run as a user starts it (\`bench/startup.ts\`), median of 7 |
| \`sweep\` | \`route, workers, cells, chunk, cellsPerSec, wallMs, cpuMs, cpuUsPerCell, csvSha\` and \`redisCpuMs, clientLoadMs\` | a 50 × 40 basin of the bouncing ball (y, e) (impacts before t = 2) on the local pool (\`tinypool\`, \`mechanics sweep\`) and through the Redis queue (\`queue\`, \`mechanics worker\` processes waiting before the clock starts) with 1 and 2 workers, chunks of 100 cells, in 7 rounds of both routes (\`bench/sweep-queue.ts\`); cpuMs counts every process, the queue's workers and Redis too (redisCpuMs its part); clientLoadMs is the submitter's loading of BullMQ and ioredis, apart; no \`queue\` line (a \`skipped\` one) without \`redis-server\` |
| \`sweep-overhead\` | \`workers, chunk, rounds, overheadPct, overheadUsPerCell, cpuOverheadPct, cpuOverheadUsPerCell, targetPct\` | the queue's wall and CPU time over the pool's with as many workers: the median of the rounds' ratios, each round's two sweeps run one right after the other, the route that goes first alternating |
| \`machine\` | \`date, node, cpus, cpuModel, loadStart, loadEnd, processes\` | where and when the run was made |`;

/** A figure as "median (min–max)" when it was measured in several processes. */
function fig(line: Line | undefined, field: string, digits = 1): string {
  const v = line?.[field];
  if (typeof v !== 'number') return '–';
  const f = (x: number): string => x.toLocaleString('en-US', { maximumFractionDigits: digits }).replace(/,/g, ' ');
  const spread = (line!.spread as Record<string, [number, number]> | undefined)?.[field];
  return spread ? `${f(v)} (${f(spread[0])}–${f(spread[1])})` : f(v);
}

const table = (head: readonly string[], rows: readonly (readonly string[])[]): string =>
  [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

export function benchMarkdown(lines: readonly Line[], flags: readonly string[]): string {
  const ours = (bench: string): Line[] => lines.filter((l) => l.bench === bench && l.peer === undefined);
  const peer = (bench: string, name: string, match: (l: Line) => boolean): Line | undefined =>
    lines.find((l) => l.bench === bench && l.peer === name && match(l));
  const machine = lines.find((l) => l.bench === 'machine') ?? {};
  const pendulum = table(
    ['n', 'deriveMs', 'codegenMs', 'coldMs', 'rhsNs', 'ops', 'rssMB', 'SymPy derive ms', 'SymPy q̈ ns'],
    ours('pendulum').map((l) => {
      const sympy = peer('pendulum', 'sympy', (p) => p.n === l.n);
      return l.error
        ? [String(l.n), `failed: ${String(l.error)}`, '', '', '', '', '', '', '']
        : [
            String(l.n),
            fig(l, 'deriveMs'),
            fig(l, 'codegenMs'),
            fig(l, 'coldMs', 0),
            l.optimized === false ? `${fig(l, 'rhsNs', 0)} (unoptimized)` : fig(l, 'rhsNs', 0),
            fig(l, 'ops', 0),
            fig(l, 'rssMB', 0),
            fig(sympy, 'deriveMs', 0),
            fig(sympy, 'rhsNs', 0),
          ];
    }),
  );
  const scaling = ours('pendulum-scaling')
    .map((l) => `${String(l.from)} → ${String(l.to)}: ${String(l.exponent)}`)
    .join('; ');
  const stepping = table(
    ['model', 'contacts', 'steps', 'ours steps/s', 'Siconos steps/s', 'LCP solves', 'worst residual'],
    ours('moreau-jean').map((l) => {
      const siconos = peer('moreau-jean', 'siconos', (p) => p.model === l.model);
      return [
        String(l.model),
        String(l.contacts),
        String(l.steps),
        fig(l, 'stepsPerSec', 0),
        fig(siconos, 'stepsPerSec', 0),
        fig(l, 'lcpSolves', 0),
        String(l.lcpResidual ?? '–'),
      ];
    }),
  );
  const sweeps = ours('sweep').filter((l) => l.skipped === undefined);
  const overhead = ours('sweep-overhead')[0];
  const skipped = ours('sweep').find((l) => l.skipped !== undefined);
  const sweep = `${table(
    ['route', 'workers', 'cells/s', 'wall ms', 'CPU ms', 'CPU µs/cell'],
    sweeps.map((l) => [String(l.route), String(l.workers), fig(l, 'cellsPerSec', 0), fig(l, 'wallMs', 0), fig(l, 'cpuMs', 0), fig(l, 'cpuUsPerCell', 0)]),
  )}

Overhead of the queue per cell (one worker, chunks of ${String(overhead?.chunk ?? '–')} cells, median (min–max) of ${String(overhead?.rounds ?? '–')} rounds): ${fig(overhead, 'overheadPct')} % of the wall time, ${fig(overhead, 'cpuOverheadPct')} % of the CPU time, ${fig(overhead, 'cpuOverheadUsPerCell')} µs of CPU per cell (target ${String(overhead?.targetPct ?? 5)} %).${skipped ? ` ${String(skipped.skipped)}.` : ''}`;
  const targets = `${table(
    ['model', 'n', 'C ns', 'TypeScript ns', 'max |Δq̈|'],
    ours('target-c')
      .filter((l) => l.skipped === undefined)
      .map((l) => [String(l.model), String(l.n), fig(l, 'cNs', 0), fig(l, 'tsNs', 0), String(l.maxDiff)]),
  )}

${table(
  ['model', 'n', 'Python ns', 'SymPy lambdify ns', 'max |Δq̈|'],
  ours('target-python')
    .filter((l) => l.skipped === undefined)
    .map((l) => [String(l.model), String(l.n), fig(l, 'pythonNs', 0), fig(l, 'sympyNs', 0), String(l.maxDiff ?? '–')]),
)}`;
  const event = ours('event-driven')[0];
  const startupLines = ours('startup');
  const startup = startupLines.length
    ? `### Start-up of the command line\n\n${table(
        ['command', 'wall ms', 'CPU ms', 'target ms', 'load'],
        startupLines.map((l) => [`\`${String(l.command)}\``, fig(l, 'wallMs', 0), fig(l, 'cpuMs', 0), String(l.targetMs), String(l.load)]),
      )}\n`
    : '';
  return `# Benchmarks

\`npm run bench\` prints the performance figures as JSON lines, one object
per line on stdout (\`npm run bench | jq -c 'select(.bench == "pendulum")'\`).
Flags (after \`--\`): \`--large\` adds the 60- and 100-link pendulums,
\`--quick\` runs small sizes and short simulations (what
\`test/bench/run.test.ts\` checks), \`--no-peers\` leaves SymPy and Siconos
out, \`--startup\` runs only the \`startup\` lines, \`--docs\` writes this page
from the run. Every figure is measured in ${String(machine.processes ?? 5)} processes of its own
(heaps, caches and the JIT do not carry over); a line holds their median
and, under \`spread\`, their [min, max]. No unit test asserts a timing.

${FIELDS}

\`deriveMs\` is \`deriveSystem\` (everything codegen needs), JIT warm (after
3 s of untimed runs) with fresh symbol names in every run; \`codegenMs\` is
\`generateModule\`; \`coldMs\` both as the first job of the process (what
the CLI pays); \`rhsNs\` one generated \`accelerations\` call, warmed
until V8 has optimized its large functions (at most 2 minutes;
\`optimized\` says whether it had, in every process).

## Latest run

${String(machine.date ?? '?')}, \`npm run bench -- ${flags.join(' ')}\`, Node ${String(machine.node ?? '?')} on ${String(machine.cpus ?? '?')} × ${String(machine.cpuModel ?? '?')};
1-minute load average ${String(machine.loadStart ?? '?')} at the start and ${String(machine.loadEnd ?? '?')} at the end (the
machine is shared: wall times stretch with the load). Each cell: median
(min–max) over the processes.

### Derivation and code generation (n-link pendulum)

${pendulum}

Cost exponent of derive + codegen: ${scaling || '–'}.

### Time-stepping (Moreau–Jean, h = 10⁻³)

${stepping}

### Sweeps: the local pool and the Redis queue

${sweep}

### Generated modules in C and Python (one \`accelerations\` call)

${targets}

### Event-driven bouncing ball

Rest time ${String(event?.tRest ?? '–')} against t* = ${String(event?.tRestExact ?? '–')} in ${fig(event, 'wallMs', 2)} ms.

${startup}`;
}
