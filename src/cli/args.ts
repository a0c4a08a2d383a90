// Command-line arguments: each command declares its options, and anything
// else — an unknown option, a missing or extra value, a second positional
// argument where one is allowed — is a usage error (exit code 2), never
// silently ignored or taken as a model name.
// Tests: test/cli/cli.test.ts (usage errors, expressions as numbers), test/cli/models.test.ts.
import { UsageError } from '../errors.js';
import type { Assignment } from '../pipeline/run-values.js';

export interface OptionSpec {
  /** 'flag' takes no value; 'value' takes one and may be given once; 'list' takes one each time and may repeat. */
  readonly kind: 'flag' | 'value' | 'list';
}

export interface CommandSpec {
  readonly name: string;
  readonly options: Readonly<Record<string, OptionSpec>>;
  /** Most positional arguments accepted (Infinity for a list of files). */
  readonly maxPositionals: number;
}

export interface ParsedArgs {
  readonly help: boolean;
  readonly positionals: readonly string[];
  readonly flags: ReadonlySet<string>;
  readonly values: ReadonlyMap<string, string>;
  readonly lists: ReadonlyMap<string, readonly string[]>;
}

/** Parse `argv` (after the command name) against the command's options; `--opt value` and `--opt=value` both work. */
export function parseArgs(spec: CommandSpec, argv: readonly string[]): ParsedArgs {
  const positionals: string[] = [];
  const flags = new Set<string>();
  const values = new Map<string, string>();
  const lists = new Map<string, string[]>();
  // --help wins over everything else on the line, even a mistake.
  const end = argv.indexOf('--');
  if ((end < 0 ? argv : argv.slice(0, end)).some((a) => a === '--help' || a === '-h')) {
    return { help: true, positionals: [], flags, values, lists };
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-' || /^-\d/.test(arg)) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const option = spec.options[name];
    if (!option) throw new UsageError(`unknown option ${name} for '${spec.name}' (options: ${Object.keys(spec.options).join(', ') || 'none'})`, name);
    if (option.kind === 'flag') {
      if (eq > 0) throw new UsageError(`${name} takes no value`, name);
      flags.add(name);
      continue;
    }
    let value: string | undefined;
    if (eq > 0) value = arg.slice(eq + 1);
    else {
      value = argv[++i];
      if (value === undefined || (value.startsWith('--') && value.length > 2)) throw new UsageError(`${name} needs a value`, name);
    }
    if (option.kind === 'value') {
      if (values.has(name)) throw new UsageError(`${name} given twice`, name);
      values.set(name, value);
    } else {
      const list = lists.get(name) ?? [];
      list.push(value);
      lists.set(name, list);
    }
  }
  if (positionals.length > spec.maxPositionals) {
    const extra = positionals.slice(spec.maxPositionals);
    throw new UsageError(
      `'${spec.name}' takes ${spec.maxPositionals === 1 ? 'one model' : `at most ${spec.maxPositionals} arguments`}; unexpected ${extra.map((a) => `'${a}'`).join(', ')}`,
    );
  }
  return { help: false, positionals, flags, values, lists };
}

/** `name=value` (`--param alpha=pi/4`) as an Assignment: exactly one '=', a name on the left, a value on the right. */
export function parseAssignment(option: string, text: string): Assignment {
  const parts = text.split('=');
  if (parts.length !== 2 || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(parts[0]!.trim()) || parts[1]!.trim() === '') {
    throw new UsageError(`${option} needs name=value (e.g. ${option} alpha=pi/4), got '${text}'`, option);
  }
  return { name: parts[0]!.trim(), value: parts[1]!.trim() };
}
