#!/usr/bin/env node
// Command line: derive models (code and reports), simulate them, list them.
// Exit codes: 0 success, 1 a model or simulation error (printed as the named
// error), 2 a usage error. `--help` on any command prints its help and does
// nothing else.
import { readFileSync } from 'node:fs';
import { MechanicsError } from '../errors.js';
import { parseArgs, UsageError, type CommandSpec, type ParsedArgs } from './args.js';
import { DERIVE, DERIVE_HELP, LIST, LIST_HELP, printError, REPORT, REPORT_HELP, runDerive, runList } from './derive.js';
import { runSimulate, SIMULATE, SIMULATE_HELP } from './simulate.js';

const USAGE = `usage: mechanics <command> [options]

commands:
  derive [file|dir…]     derive models: generated/<model>.ts and docs/<model>.{tex,body.tex,html}
  report [file|dir…]     write only the reports
  simulate <file|model>  simulate a model as its file says now
  list [file|dir…]       list models (default: ./derivations/)
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
  list: { spec: LIST, help: LIST_HELP, run: runList },
};

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h') {
    console.log(USAGE);
    return 0;
  }
  if (name === '--version') {
    console.log(version());
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

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    if (err instanceof UsageError) {
      console.error(`usage error: ${err.detail}\n(see mechanics ${process.argv[2] && COMMANDS[process.argv[2]] ? `${process.argv[2]} ` : ''}--help)`);
      process.exitCode = 2;
    } else if (err instanceof MechanicsError) {
      printError(err);
      process.exitCode = 1;
    } else {
      console.error(`internal error (a bug in unilateral-mechanics, please report it): ${(err as Error)?.stack ?? String(err)}`);
      process.exitCode = 1;
    }
  },
);
