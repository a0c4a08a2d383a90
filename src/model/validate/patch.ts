// Distributed contact laws (`patches`, spec: PatchContactSpec): Kuleshov et
// al.'s disk on a Kelvin–Voigt foundation (kuleshov2011 §3) written
// declaratively. Checked here: the shape, every name (the patch variable,
// the law's state symbols and the friction sign are new symbols that must not
// shadow a coordinate or a parameter), every expression against the names it
// may use, and the references between fields (depth among the state symbols,
// normal among the resultants, forces by coordinate). Whether the density is
// a concave quadratic and the resultants integrable is the derivation's
// question (src/derive/compliant/patch.ts), which reports it under the same code.
// Every problem is 'bad-patch', with the model, the field and the cause.
// Tests: test/model/validate/patch.test.ts.
import { dependsOn, sym, ZERO, type Expr } from '../../core/expr.js';
import { PATCH_EXPANSION_FIELDS, PATCH_FIELDS, PATCH_FRICTION_FIELDS } from '../spec.js';
import type { Coordinate, Parameter, PatchContact } from '../types.js';
import { evaluate } from '../../core/evaluate.js';
import { ExprReader, type ReadOptions } from './expressions.js';
import { defaultValues } from './parameters.js';
import { Problems, type Checked } from './problems.js';
import { isFields, rejectUnknownKeys, typeName, type Fields } from './shape.js';

const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]*$/;
/** Orders of the expansion are small: each kept order is one more derivative of the whole density (keep: 1e300 would never end). */
const MAX_ORDER = 8;

/** What else the model has: a patch is not combined with these yet (see the header of src/codegen/patch.ts). */
export interface PatchContext {
  readonly realized: boolean;
  readonly retaining: boolean;
}

export function checkPatches(
  x: unknown,
  coordinates: readonly Coordinate[],
  parameters: readonly Parameter[],
  context: PatchContext,
  model: string | undefined,
): Checked<PatchContact[]> {
  const out = new Problems(model);
  if (x === undefined) return out.result([]);
  if (!Array.isArray(x)) {
    out.add('bad-patch', 'patches', `patches is a list of contact patches, got ${typeName(x)}`);
    return out.result([]);
  }
  if (x.length && context.realized)
    out.add(
      'bad-patch',
      'patches',
      'a model with contact patches cannot also have compliant contacts or realized constraints (their switching functions share the compliantContacts export)',
    );
  if (x.length && context.retaining)
    out.add('bad-patch', 'patches', 'a model with contact patches cannot have retaining constraints (the no-slip friction is solved with M alone)');
  const names = new Set<string>();
  const patches: PatchContact[] = [];
  x.forEach((p, i) => {
    const patch = checkPatch(p, `patches[${i}]`, coordinates, parameters, out);
    if (!patch) return;
    if (names.has(patch.name)) out.add('bad-patch', `patches[${i}].name`, `patch '${patch.name}' is declared twice`);
    names.add(patch.name);
    patches.push(patch);
  });
  return out.result(patches);
}

/** A kernel problem (unknown symbol, parse error, …) reported as bad-patch with its cause. */
function readAs(reader: ExprReader, input: unknown, field: string, what: string, out: Problems, opts: ReadOptions = {}): Expr | undefined {
  if (input === undefined) {
    out.add('bad-patch', field, `${what} is missing`);
    return undefined;
  }
  const local = new Problems(out.model);
  const e = reader.read(input, field, local, opts);
  for (const p of local.list) out.add('bad-patch', field, `${what}: ${p.detail}`);
  return e;
}

/** Extra symbols as stand-in parameters of a reader (they are never evaluated here). */
const symbols = (names: readonly string[]): Parameter[] => names.map((name) => ({ name, symbol: sym(name), default: 0 }));

function checkPatch(x: unknown, field: string, coordinates: readonly Coordinate[], parameters: readonly Parameter[], out: Problems): PatchContact | undefined {
  if (!isFields(x)) {
    out.add(
      'bad-patch',
      field,
      `a patch is an object { name, variable, state, depth, penetration, density, resultants, normal, forces, … }, got ${typeName(x)}`,
    );
    return undefined;
  }
  rejectUnknownKeys(x, PATCH_FIELDS, field, out);
  const before = out.list.length;
  const taken = new Set([...coordinates.map((c) => c.name), ...parameters.map((p) => p.name), 't', 'pi']);
  const newName = (v: unknown, at: string, what: string): string | undefined => {
    if (typeof v !== 'string' || !IDENTIFIER.test(v))
      out.add('bad-patch', at, `${what} must be a name (letters, digits, _), got ${typeof v === 'string' ? `'${v}'` : typeName(v)}`);
    else if (taken.has(v)) out.add('bad-patch', at, `${what} '${v}' is already a coordinate, a parameter or reserved: choose another name`);
    else {
      taken.add(v);
      return v;
    }
    return undefined;
  };
  const name = typeof x.name === 'string' && IDENTIFIER.test(x.name) ? x.name : undefined;
  if (!name) out.add('bad-patch', `${field}.name`, `a patch needs a name (letters, digits, _), got ${typeName(x.name)}`);
  if (x.description !== undefined && typeof x.description !== 'string')
    out.add('bad-patch', `${field}.description`, `description must be a string, got ${typeName(x.description)}`);
  const variable =
    x.variable === undefined
      ? (out.add('bad-patch', `${field}.variable`, 'the patch variable (the coordinate along the patch, e.g. theta) is missing'), undefined)
      : newName(x.variable, `${field}.variable`, 'the patch variable');

  // The law's symbols, each an expression of the state.
  const stateReader = new ExprReader(coordinates, parameters);
  const state = new Map<string, Expr>();
  const stateFields = isFields(x.state)
    ? x.state
    : (out.add('bad-patch', `${field}.state`, `state maps the law's symbols to expressions of the state ({ q: '1 - y/r', … }), got ${typeName(x.state)}`),
      undefined);
  for (const [s, v] of Object.entries(stateFields ?? {})) {
    const at = `${field}.state.${s}`;
    const ok = newName(s, at, 'a state symbol');
    const e = readAs(stateReader, v, at, `state symbol '${s}'`, out, { velocities: true });
    if (ok && e) state.set(ok, e);
  }
  const depth = typeof x.depth === 'string' && state.has(x.depth) ? x.depth : undefined;
  if (!depth)
    out.add(
      'bad-patch',
      `${field}.depth`,
      `depth names the state symbol that is the penetration (> 0 in contact); got ${typeof x.depth === 'string' ? `'${x.depth}', not one of the state symbols [${[...state.keys()].join(', ')}]` : typeName(x.depth)}`,
    );

  const frictionFields =
    x.friction === undefined
      ? undefined
      : isFields(x.friction)
        ? x.friction
        : (out.add('bad-patch', `${field}.friction`, `friction is { sign, slip, relaxation }, got ${typeName(x.friction)}`), undefined);
  if (frictionFields) rejectUnknownKeys(frictionFields, PATCH_FRICTION_FIELDS, `${field}.friction`, out);
  const sign = frictionFields ? newName(frictionFields.sign, `${field}.friction.sign`, 'the friction sign') : undefined;

  // The law: parameters, the state symbols, the variable and the friction sign.
  const lawSymbols = [...state.keys(), ...(variable ? [variable] : []), ...(sign ? [sign] : [])];
  const law = new ExprReader([], [...parameters, ...symbols(lawSymbols)]);
  const penetration = readAs(law, x.penetration, `${field}.penetration`, 'the penetration', out);
  const density = readAs(law, x.density, `${field}.density`, 'the density', out);
  if (x.adhesion !== undefined && typeof x.adhesion !== 'boolean')
    out.add('bad-patch', `${field}.adhesion`, `adhesion is true or false, got ${typeName(x.adhesion)}`);
  const expansion = checkExpansion(x.expansion, `${field}.expansion`, lawSymbols, out);

  const resultants = new Map<string, Expr>();
  const resultantFields =
    isFields(x.resultants) && Object.keys(x.resultants).length
      ? x.resultants
      : (out.add('bad-patch', `${field}.resultants`, `resultants maps names to weights ({ Fy: '1', M: '-sigma*lambda*r' }), got ${typeName(x.resultants)}`),
        undefined);
  for (const [r, w] of Object.entries(resultantFields ?? {})) {
    const at = `${field}.resultants.${r}`;
    const ok = newName(r, at, 'a resultant');
    const e = readAs(law, w, at, `the weight of '${r}'`, out);
    if (ok && e) resultants.set(ok, e);
  }
  const normal = typeof x.normal === 'string' && resultants.has(x.normal) ? x.normal : undefined;
  if (!normal)
    out.add(
      'bad-patch',
      `${field}.normal`,
      `normal names the resultant that is the normal force; got ${typeof x.normal === 'string' ? `'${x.normal}', not one of [${[...resultants.keys()].join(', ')}]` : typeName(x.normal)}`,
    );

  if (normal && sign && dependsOn(resultants.get(normal)!, sign))
    out.add(
      'bad-patch',
      `${field}.resultants.${normal}`,
      `the normal resultant '${normal}' may not depend on the friction sign ${sign} (the normal force decides contact and separation)`,
    );
  // Every declared resultant name, so that a weight's own problem is not reported again in forces.
  const forces = checkForces(x.forces, `${field}.forces`, coordinates, parameters, Object.keys(resultantFields ?? {}), out);
  const friction =
    frictionFields && sign
      ? {
          sign,
          slip: readAs(stateReader, frictionFields.slip, `${field}.friction.slip`, 'the slip velocity', out, { velocities: true }),
          relaxation: readAs(stateReader, frictionFields.relaxation, `${field}.friction.relaxation`, 'the relaxation time', out, { parametersOnly: true }),
        }
      : undefined;
  if (friction?.relaxation && !(evaluate(friction.relaxation, defaultValues(parameters)) > 0)) {
    out.add(
      'bad-patch',
      `${field}.friction.relaxation`,
      `the relaxation time is ${evaluate(friction.relaxation, defaultValues(parameters))} at the parameters' defaults; it must be > 0 (a slip within the friction cone decays as exp(−t/τ))`,
    );
  }
  const load = x.load === undefined ? undefined : readAs(stateReader, x.load, `${field}.load`, 'the load', out, { parametersOnly: true });
  if (out.list.length > before || !name || !variable || !depth || !penetration || !density || !normal || !forces) return undefined;
  if (friction && (!friction.slip || !friction.relaxation)) return undefined;
  return {
    name,
    ...(typeof x.description === 'string' ? { description: x.description } : {}),
    variable,
    state,
    depth,
    penetration,
    density,
    adhesion: x.adhesion === true,
    ...(expansion ? { expansion } : {}),
    resultants,
    normal,
    forces,
    ...(friction ? { friction: { sign: friction.sign, slip: friction.slip!, relaxation: friction.relaxation! } } : {}),
    ...(load ? { load } : {}),
  };
}

function checkExpansion(x: unknown, field: string, known: readonly string[], out: Problems): PatchContact['expansion'] {
  if (x === undefined) return undefined;
  if (!isFields(x)) {
    out.add('bad-patch', field, `expansion is { orders: { theta: 1, q: 2, … }, keep: 2 }, got ${typeName(x)}`);
    return undefined;
  }
  rejectUnknownKeys(x, PATCH_EXPANSION_FIELDS, field, out);
  const orders: Record<string, number> = {};
  const given: Fields = isFields(x.orders) ? x.orders : {};
  if (!isFields(x.orders)) out.add('bad-patch', `${field}.orders`, `orders maps small symbols to their integer orders, got ${typeName(x.orders)}`);
  for (const [s, k] of Object.entries(given)) {
    if (!known.includes(s)) out.add('bad-patch', `${field}.orders.${s}`, `'${s}' is not the patch variable or a state symbol (${known.join(', ')})`);
    else if (!Number.isInteger(k) || (k as number) < 0 || (k as number) > MAX_ORDER)
      out.add('bad-patch', `${field}.orders.${s}`, `an order is an integer from 0 to ${MAX_ORDER}, got ${JSON.stringify(k)}`);
    else orders[s] = k as number;
  }
  const keep = x.keep;
  if (!Number.isInteger(keep) || (keep as number) < 0 || (keep as number) > MAX_ORDER) {
    out.add('bad-patch', `${field}.keep`, `keep is the total order kept, an integer from 0 to ${MAX_ORDER}, got ${JSON.stringify(keep)}`);
    return undefined;
  }
  return { orders, keep: keep as number };
}

/** One generalized force per coordinate, in the resultants' names and the parameters. */
function checkForces(
  x: unknown,
  field: string,
  coordinates: readonly Coordinate[],
  parameters: readonly Parameter[],
  resultants: readonly string[],
  out: Problems,
): Expr[] | undefined {
  if (!isFields(x)) {
    out.add('bad-patch', field, `forces maps coordinate names to generalized forces in the resultants ({ x: 'Fx', y: 'Fy', phi: 'M' }), got ${typeName(x)}`);
    return undefined;
  }
  const reader = new ExprReader([], [...parameters, ...symbols(resultants)]);
  const forces: Expr[] = coordinates.map(() => ZERO);
  let ok = true;
  for (const [c, v] of Object.entries(x)) {
    const i = coordinates.findIndex((q) => q.name === c);
    if (i < 0) {
      out.add('bad-patch', `${field}.${c}`, `'${c}' is not a coordinate (${coordinates.map((q) => q.name).join(', ')})`);
      ok = false;
      continue;
    }
    const e = readAs(reader, v, `${field}.${c}`, `the generalized force on '${c}'`, out);
    if (e) forces[i] = e;
    else ok = false;
  }
  return ok ? forces : undefined;
}
