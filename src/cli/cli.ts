// Command line: derive models (code and reports), simulate them, list them.
// Exit codes: 0 success, 1 a model or simulation error (printed as the named
// error), 2 a usage error. `--help` on any command prints its help and does
// nothing else.
import { MechanicsError, UsageError } from '../errors.js';
import { parseArgs, type CommandSpec, type ParsedArgs } from './args.js';
import { printError } from './print-error.js';

const USAGE = `usage: mechanics <command> [options]

commands:
  derive [file|dir…]     derive models: generated/<model>.ts and docs/reports/<model>.{tex,body.tex,html}
  report [file|dir…]     write only the reports
  simulate <file|model>  simulate a model as its file says now
  orbit <file|model>     a periodic orbit through a Poincaré section, its Floquet multipliers and stability
  linearize <file|model> equilibria, the state matrix A and its eigenvalues
  limit <file|model>     the rigid limit of realized contacts: a study over N with convergence orders
  sweep <file|model>     a grid of initial states or parameters, run in parallel: final states, impacts or orbits per cell
  worker redis://…       take chunks of sweeps queued with sweep --queue, on any machine
  list [file|dir…]       list models (default: ./derivations/)
  playground [--port N]  serve the playground (write a model, see its derivation and motion) on localhost
  help [command]         this text, or a command's

\`mechanics <command> --help\` describes a command's options.
Exit codes: 0 success, 1 a model or simulation error, 2 a usage error.`;

interface Command {
  readonly spec: CommandSpec;
  readonly help: string;
  run(args: ParsedArgs): Promise<number>;
}

// Each command's module is imported only when that command runs: `--help`
// and `list` must not load the derivation, the reports (KaTeX) or esbuild.
const COMMANDS: Readonly<Record<string, () => Promise<Command>>> = {
  derive: async () => {
    const m = await import('./derive.js');
    return { spec: m.DERIVE, help: m.DERIVE_HELP, run: (a) => m.runDerive(a, false) };
  },
  report: async () => {
    const m = await import('./derive.js');
    return { spec: m.REPORT, help: m.REPORT_HELP, run: (a) => m.runDerive(a, true) };
  },
  simulate: async () => {
    const m = await import('./simulate.js');
    return { spec: m.SIMULATE, help: m.SIMULATE_HELP, run: m.runSimulate };
  },
  orbit: async () => {
    const m = await import('./orbit.js');
    return { spec: m.ORBIT, help: m.ORBIT_HELP, run: m.runOrbit };
  },
  linearize: async () => {
    const m = await import('./linearize.js');
    return { spec: m.LINEARIZE, help: m.LINEARIZE_HELP, run: m.runLinearize };
  },
  limit: async () => {
    const m = await import('./limit.js');
    return { spec: m.LIMIT, help: m.LIMIT_HELP, run: m.runLimit };
  },
  sweep: async () => {
    const m = await import('./sweep.js');
    return { spec: m.SWEEP, help: m.SWEEP_HELP, run: m.runSweep };
  },
  worker: async () => {
    const m = await import('./worker.js');
    return { spec: m.WORKER, help: m.WORKER_HELP, run: m.runWorker };
  },
  list: async () => {
    const m = await import('./list.js');
    return { spec: m.LIST, help: m.LIST_HELP, run: m.runList };
  },
  playground: async () => {
    const m = await import('./playground.js');
    return { spec: m.PLAYGROUND, help: m.PLAYGROUND_HELP, run: m.runPlayground };
  },
};

async function dispatch(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h') {
    console.log(USAGE);
    return 0;
  }
  if (name === '--version') {
    console.log((await import('../codegen/module.js')).TOOLKIT);
    return 0;
  }
  if (name === 'help') {
    const topic = rest[0];
    if (rest.length > 1 || (topic !== undefined && !COMMANDS[topic])) throw new UsageError(`help takes one command name (${Object.keys(COMMANDS).join(', ')})`);
    console.log(topic ? (await COMMANDS[topic]!()).help : USAGE);
    return 0;
  }
  const load = COMMANDS[name];
  if (!load) throw new UsageError(`unknown command '${name}' (commands: ${Object.keys(COMMANDS).join(', ')}, help)`);
  const command = await load();
  const args = parseArgs(command.spec, rest);
  if (args.help) {
    console.log(command.help);
    return 0;
  }
  return command.run(args);
}

/** Run one command line; returns the exit code (errors are printed, never thrown). */
export async function runCli(argv: readonly string[]): Promise<number> {
  try {
    return await dispatch(argv);
  } catch (err) {
    if (err instanceof UsageError) {
      const command = argv[0] !== undefined && COMMANDS[argv[0]] ? `${argv[0]} ` : '';
      console.error(`usage error${err.code === 'bad-argument' ? '' : ` [${err.code}]`}: ${err.detail}\n(see mechanics ${command}--help)`);
      return 2;
    }
    if (err instanceof MechanicsError) {
      printError(err);
      return 1;
    }
    console.error(`internal error (a bug in unilateral-mechanics, please report it): ${(err as Error)?.stack ?? String(err)}`);
    return 1;
  }
}
