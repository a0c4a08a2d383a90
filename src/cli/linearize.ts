// `mechanics linearize <file|model>`: the equilibria of a model near a
// configuration (the declared initial one with --at on top; without --at
// also q = 0), free or resting on contacts, each with its state matrix A,
// the eigenvalues of the motions its resting contacts allow and the
// verdict; and, for small models, the linearized equations M δq̈ + C δq̇ +
// K δq = 0 at rest, symbolic. There is no B: the model language declares
// no inputs. With --steady, steady motions and their stability boundaries
// instead (steady.ts).
// Tests: test/cli/linearize.test.ts
import type { Expr } from '../core/expr.js';
import { toText } from '../core/print.js';
import { findEquilibria, linearForms } from '../derive/linearization/equilibria.js';
import { MechanicsError, UsageError } from '../errors.js';
import { equilibriumSpectra, equilibriumStarts } from '../studies/linearization.js';
import { complexText, numberText } from '../pipeline/run-text.js';
import { evaluateOption, parameterValues } from '../pipeline/run-values.js';
import { parseAssignment, type CommandSpec, type ParsedArgs } from './args.js';
import { compileOne } from './models.js';
import { runSteady } from './steady.js';

export const LINEARIZE: CommandSpec = {
  name: 'linearize',
  maxPositionals: 1,
  options: {
    '--at': { kind: 'list' },
    '--param': { kind: 'list' },
    '--t': { kind: 'value' },
    '--format': { kind: 'value' },
    '--steady': { kind: 'flag' },
    '--rate': { kind: 'list' },
    '--free': { kind: 'list' },
    '--sweep': { kind: 'value' },
  },
};

export const LINEARIZE_HELP = `usage: mechanics linearize <file|model> [options]

Finds the model's equilibria (q̇ = 0 and q̈ = 0: the forces at rest balance,
or resting contacts press) by Newton's method from the declared initial
configuration with --at on top (without --at, also from q = 0), and prints
each with its state matrix A = ∂(q̇, q̈)/∂(q, q̇), the eigenvalues of the
motions its resting contacts allow and the stability verdict; for models
with up to 3 coordinates also the linearized equations M δq̈ + C δq̇ + K δq = 0
(C = −∂f/∂q̇, K = −∂f/∂q at rest). The model language declares no inputs,
so there is no B.

  <file|model>           a model file (.ts, .mts, .js, .mjs) or the name of a model in ./derivations/
  --at name=value        start coordinate of the search (repeatable; default: the model's initial configuration)
  --param name=value     parameter value (repeatable), inside its declared range
  --t <s>                the time at which a time-dependent model is taken (default 0)
  --format summary|json  output (default summary)

Steady motions (--steady): the cyclic coordinates (in none of M, f and the
constraints) turn at constant rates while the others rest, q̈ = 0 of the
constrained equations; each is printed with the eigenvalues of its
linearization on the reduced state (cyclic coordinates dropped) tangent to
the constraint manifold, less the zeros of the family of steady motions,
and its verdict. The rates not given are solved for.

  --steady               steady motions instead of equilibria
  --at name=value        a resting coordinate's value (default: the initial configuration)
  --rate name=value      a cyclic coordinate's rate, given (repeatable; default: its initial rate, solved for)
  --free name            also solve for this resting coordinate (repeatable)
  --sweep name=a:b[:n]   continue the steady motions over the rate of cyclic coordinate name (or over a
                         parameter) from a to b on n steps (default 40), and find where their stability
                         changes (Brent's method) or they cease to exist (bisection)

Every number may be an expression of the parameters.
JSON (--steady): { model, params, cyclic, solvedFor, motions: [{ q, qd, eigenvalues, family, growth, verdict }] }, with --sweep
{ …, sweep: { variable, from, to, steps, start }, branches: [{ points: [{ value, q, qd, … }], boundaries: [{ value, kind, below, above }] }] }.
JSON: { model, params, inputs: [], linear: { M, C, K } (small models; expressions as text), equilibria: [{ q: {name: value},
resting: [contact], forces: [σ], A: [[…]], eigenvalues: [{ re, im }], verdict }] }.
Exit codes: 0 success, 1 a model error or no equilibrium found, 2 a usage error.`;

export async function runLinearize(args: ParsedArgs): Promise<number> {
  const format = args.values.get('--format') ?? 'summary';
  if (format !== 'summary' && format !== 'json') throw new UsageError(`--format must be one of summary, json, got '${format}'`, '--format');
  const at = (args.lists.get('--at') ?? []).map((text) => parseAssignment('--at', text));
  const paramsGiven = (args.lists.get('--param') ?? []).map((text) => parseAssignment('--param', text));
  const steadyOnly = ['--rate', '--free', '--sweep'].find((o) => args.lists.has(o) || args.values.has(o));
  if (steadyOnly && !args.flags.has('--steady')) throw new UsageError(`${steadyOnly} needs --steady`, steadyOnly);
  if (args.flags.has('--steady') && args.values.has('--t'))
    throw new UsageError('--t: a steady motion is sought only where the equations do not depend on time', '--t');
  const { model, system } = await compileOne(args, 'linearize');
  const params = parameterValues(model, paramsGiven);
  if (args.flags.has('--steady')) {
    const sweep = args.values.get('--sweep');
    const { record, lines } = runSteady(system, params, {
      at,
      rates: (args.lists.get('--rate') ?? []).map((text) => parseAssignment('--rate', text)),
      free: args.lists.get('--free') ?? [],
      ...(sweep === undefined ? {} : { sweep }),
    });
    process.stdout.write(format === 'json' ? `${JSON.stringify(record)}\n` : `${lines.join('\n')}\n`);
    return 0;
  }
  const names = model.coordinates.map((c) => c.name);
  const start = [...system.model.initial.q0];
  for (const { name, value } of at) {
    const i = names.indexOf(name);
    if (i < 0)
      throw new MechanicsError('unknown-coordinate', 'input', `no coordinate '${name}' (coordinates: ${names.join(', ')})`, {
        model: model.name,
        field: '--at',
      });
    start[i] = evaluateOption(`--at ${name}`, value, params);
  }
  const tText = args.values.get('--t');
  const t = tText === undefined ? 0 : evaluateOption('--t', tText, params);
  const starts = at.length ? [start] : equilibriumStarts(system);
  const found = findEquilibria(system, params, starts, { t });
  const spectra = equilibriumSpectra(system, params, t);
  const small = names.length <= 3 && !system.constraints;
  const forms = small ? linearForms(system) : undefined;
  const text = (rows: readonly (readonly Expr[])[]): string[][] => rows.map((r) => r.map((e) => toText(e)));
  const record = {
    model: model.name,
    params,
    inputs: [] as string[],
    ...(forms ? { linear: { M: text(forms.M), C: text(forms.C), K: text(forms.K) } } : {}),
    equilibria: found.map((eq) => {
      const spectrum = spectra(eq);
      return {
        q: Object.fromEntries(names.map((c, i) => [c, eq.q[i]!])),
        resting: eq.held.map((j) => model.unilateral[j]!.name),
        forces: eq.sigma,
        ...(eq.friction ? { friction: Object.fromEntries(eq.friction.map((f) => [model.unilateral[f.contact]!.name, f.mode])) } : {}),
        ...(eq.sticking
          ? {
              sticking: {
                free: names.filter((_, i) => eq.sticking!.free[i]),
                ends: eq.sticking.ends?.map((q) => (q ? Object.fromEntries(names.map((c, i) => [c, q[i]!])) : null)) ?? null,
              },
            }
          : {}),
        A: eq.A,
        eigenvalues: spectrum.eigenvalues.map((z) => ({ re: z.re, im: z.im })),
        verdict: spectrum.verdict,
      };
    }),
  };
  if (format === 'json') {
    process.stdout.write(`${JSON.stringify(record)}\n`);
    return 0;
  }
  const fmt = (v: number): string => numberText(v, 6);
  const lines = [`${model.name}: ${found.length} equilibri${found.length === 1 ? 'um' : 'a'} (no inputs: the model declares none, so there is no B)`];
  if (record.linear) {
    lines.push('  linearized at rest: M δq̈ + C δq̇ + K δq = 0 with');
    for (const key of ['M', 'C', 'K'] as const) lines.push(`    ${key} = [${record.linear[key].map((r) => r.join(', ')).join('; ')}]`);
  }
  for (const eq of record.equilibria) {
    lines.push(
      `  ${Object.entries(eq.q)
        .map(([k, v]) => `${k} = ${fmt(v)}`)
        .join(
          ', ',
        )}${eq.resting.length ? `, resting on ${eq.resting.map((r) => (eq.friction?.[r] ? `${r} (${eq.friction[r] === 'stick' ? 'sticking' : 'sliding'})` : r)).join(', ')}` : ''}: ${eq.verdict}`,
    );
    if (eq.sticking) {
      const end = (q: Record<string, number> | null): string =>
        q
          ? Object.entries(q)
              .map(([k, v]) => `${k} = ${fmt(v)}`)
              .join(', ')
          : 'none found';
      const { free, ends } = eq.sticking;
      lines.push(
        ends
          ? `    sticking holds from (${end(ends[0]!)}) to (${end(ends[1]!)}), where |σt| = μs σn`
          : `    sticking holds along ${free.length ? free.join(', ') : 'no coordinate'} with no end found`,
      );
    }
    const values = eq.eigenvalues.map((z) => complexText(z, 6)).join(', ');
    lines.push(
      `    eigenvalues: ${values || (eq.verdict === 'not linearizable' ? 'none (A undefined: M singular here)' : 'none (the resting contacts pin every coordinate)')}`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}
