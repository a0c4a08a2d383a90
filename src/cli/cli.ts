// Command line: derive models (code and reports), simulate them, list them.
// Exit codes: 0 success, 1 a model or simulation error (printed as the named
// error), 2 a usage error. `--help` on any command prints its help and does
// nothing else.
import { TOOLKIT } from '../codegen/module.js';
import { MechanicsError, UsageError } from '../errors.js';
import { parseArgs, type CommandSpec, type ParsedArgs } from './args.js';
import { DERIVE, DERIVE_HELP, LIST, LIST_HELP, printError, REPORT, REPORT_HELP, runDerive, runList } from './derive.js';
import { LIMIT, LIMIT_HELP, runLimit } from './limit.js';
import { LINEARIZE, LINEARIZE_HELP, runLinearize } from './linearize.js';
import { ORBIT, ORBIT_HELP, runOrbit } from './orbit.js';
import { PLAYGROUND, PLAYGROUND_HELP, runPlayground } from './playground.js';
import { runSimulate, SIMULATE, SIMULATE_HELP } from './simulate.js';
import { runSweep, SWEEP, SWEEP_HELP } from './sweep.js';

const USAGE = `usage: mechanics <command> [options]

commands:
  derive [file|dir…]     derive models: generated/<model>.ts and docs/reports/<model>.{tex,body.tex,html}
  report [file|dir…]     write only the reports
  simulate <file|model>  simulate a model as its file says now
  orbit <file|model>     a periodic orbit through a Poincaré section, its Floquet multipliers and stability
  linearize <file|model> equilibria, the state matrix A and its eigenvalues
  limit <file|model>     the rigid limit of realized contacts: a study over N with convergence orders
  sweep <file|model>     a grid of initial states or parameters, run in parallel: final states, impacts or orbits per cell
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

const COMMANDS: Readonly<Record<string, Command>> = {
  derive: { spec: DERIVE, help: DERIVE_HELP, run: (a) => runDerive(a, false) },
  report: { spec: REPORT, help: REPORT_HELP, run: (a) => runDerive(a, true) },
  simulate: { spec: SIMULATE, help: SIMULATE_HELP, run: runSimulate },
  orbit: { spec: ORBIT, help: ORBIT_HELP, run: runOrbit },
  linearize: { spec: LINEARIZE, help: LINEARIZE_HELP, run: runLinearize },
  limit: { spec: LIMIT, help: LIMIT_HELP, run: runLimit },
  sweep: { spec: SWEEP, help: SWEEP_HELP, run: runSweep },
  list: { spec: LIST, help: LIST_HELP, run: runList },
  playground: { spec: PLAYGROUND, help: PLAYGROUND_HELP, run: runPlayground },
};

async function dispatch(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h') {
    console.log(USAGE);
    return 0;
  }
  if (name === '--version') {
    console.log(TOOLKIT);
    return 0;
  }
  if (name === 'help') {
    const topic = rest[0];
    if (rest.length > 1 || (topic !== undefined && !COMMANDS[topic])) throw new UsageError(`help takes one command name (${Object.keys(COMMANDS).join(', ')})`);
    console.log(topic ? COMMANDS[topic]!.help : USAGE);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`unknown command '${name}' (commands: ${Object.keys(COMMANDS).join(', ')}, help)`);
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
