// A validated model: every field checked by its own validator (src/model/validate/),
// types first, every expression parsed against the model's own names, and
// every problem reported at once in one MechanicsError (SymPy's
// System.validate_system does the same), so the derivation engine only
// ever sees a consistent model and a user sees all their mistakes in one run.
// Tests: test/model/errors.test.ts (whole models), test/model/validate/ (one file per validator).
import { combineErrors, MechanicsError } from '../errors.js';
import { add, sym } from '../core/expr.js';
import { TIME } from './names.js';
import { MODEL_FIELDS, type ModelSpec } from './spec.js';
import type { Model } from './types.js';
import { checkCoordinates } from './validate/coordinates.js';
import { checkEnergy } from './validate/energy.js';
import { ExprReader } from './validate/expressions.js';
import { checkForces } from './validate/forces.js';
import { checkGeometry } from './validate/geometry.js';
import { checkHinges } from './validate/friction.js';
import { checkHolonomic } from './validate/holonomic.js';
import { constraintNamespace, symbolNamespace } from './validate/identifiers.js';
import { checkInitial } from './validate/initial.js';
import { initialStateProblems } from './validate/initial-state.js';
import { checkNonholonomic } from './validate/nonholonomic.js';
import { checkLeaveOut, checkMultipleImpacts } from './validate/options.js';
import { checkParameterRanges, checkParameters, defaultValues } from './validate/parameters.js';
import { limitProblems } from './limits.js';
import { Problems } from './validate/problems.js';
import { checkScenarios } from './validate/scenarios.js';
import { fieldsAt, isFields, rejectUnknownKeys } from './validate/shape.js';
import { optionalNote, optionalText } from './validate/text.js';
import { checkUnilateral } from './validate/unilateral.js';
import { claimRolling } from './validate/rolling.js';
import { checkRealizations } from './validate/compliant.js';
import { checkPatches } from './validate/patch.js';
import { checkLimitStudy } from './validate/limit-study.js';
import { checkDrawing } from './validate/drawing.js';
import { checkOrbit } from './validate/orbit.js';
import { checkPaperDeclaration, paperFormulas, type PaperDeclaration } from './validate/paper.js';
import { paperClaims, paperFigures } from './validate/paper-claims.js';
import { paperSketches } from './validate/paper-sketches.js';
import { paperStudyFigures } from './validate/paper-study-figures.js';
import { checkUnplotted } from './validate/unplotted.js';
import { checkSources } from './validate/sources.js';

export type * from './types.js';

/** The field that defines the kinetic energy: where inertia problems are reported. */
export function energyField(model: Pick<Model, 'T'>): 'kinetic' | 'lagrangian' {
  return model.T ? 'kinetic' : 'lagrangian';
}

const MODEL_NAME = /^[a-z0-9][a-z0-9-]*$/;
/** Model names become file names and module names. */
const MAX_MODEL_NAME = 64;

/** Validate a model spec and build the model, or throw one error listing every problem. */
export function buildModel(input: ModelSpec): Model {
  // The spec is typed for authors, but a model file is JavaScript: check it as unknown.
  const given: unknown = input;
  const name = (given as { name?: unknown } | null)?.name;
  const model = typeof name === 'string' ? name : undefined;
  const out = new Problems(model);
  const spec = fieldsAt(given, '', 'a model spec (an object made with defineModel)', out);
  if (!spec) throw combineErrors(out.list);
  rejectUnknownKeys(spec, MODEL_FIELDS, '', out);

  if (typeof name !== 'string' || !MODEL_NAME.test(name) || name.length > MAX_MODEL_NAME) {
    out.add(
      'bad-name',
      'name',
      `model name ${typeof name === 'string' ? `'${name.slice(0, MAX_MODEL_NAME + 1)}'` : 'missing'}: it must be lower-case letters, digits and dashes (at most ${MAX_MODEL_NAME})`,
    );
  }
  const title = optionalText(spec.title, 'title', 'title', out);
  const description = optionalNote(spec.description, 'description', out);

  const symbols = symbolNamespace();
  const coordinates = out.take(checkCoordinates(spec.coordinates, symbols, model));
  const declared = out.take(checkParameters(spec.parameters, symbols, model));
  const parameters = out.take(checkParameterRanges(spec.parameters, declared, new ExprReader(coordinates, declared), model));
  const reader = new ExprReader(coordinates, parameters);

  // Read before the geometry, which needs it (a rolling disk's contact lies on the side of its centre it starts on); its problems are listed in their place below.
  const initialChecked = checkInitial(spec.initial, coordinates, parameters, reader, model);
  const constraints = constraintNamespace();
  const geometry = out.take(checkGeometry(spec.geometry, coordinates, parameters, reader, constraints, model, initialChecked.value.state));
  const { T, V, L } = out.take(checkEnergy(spec, coordinates, reader, model, geometry));
  const forces = out.take(checkForces(spec.forces, coordinates, reader, model));
  // Forces at points and torques on bodies, by virtual power, beside those given per coordinate.
  const Q = geometry ? forces.map((q, i) => add(q, geometry.Q[i]!)) : forces;
  // The joints' tree describes the mechanics only where the geometry alone gives T and V.
  const tree = spec.kinetic === undefined && spec.particles === undefined && spec.potential === undefined ? geometry?.tree : undefined;
  // A quaternion frame's |q|² = 1 is held like a written constraint; its name is claimed first.
  const unit = (geometry?.holonomic ?? []).filter((h) => constraints.claim(h.name, 'geometry.frames', out) !== undefined);
  const holonomic = [...out.take(checkHolonomic(spec.holonomic, coordinates, parameters, reader, constraints, model)), ...unit];
  const written = out.take(checkNonholonomic(spec.nonholonomic, coordinates, reader, constraints, model));
  const hinges = out.take(checkHinges(spec.hinges, holonomic, coordinates, parameters, reader, model));
  const unilateral = [...out.take(checkUnilateral(spec.unilateral, coordinates, parameters, reader, constraints, model)), ...(geometry?.contacts ?? [])];
  // Constraints realized by forces (Kozlov) are not constraints: they leave holonomic and unilateral.
  const { compliant, realizations } = out.take(checkRealizations(spec, holonomic, coordinates, parameters, reader, constraints, model));
  const rolling = claimRolling(geometry?.rolling, constraints, out);
  const held = [...holonomic.filter((h) => !realizations.some((r) => r.name === h.name)), ...rolling.holonomic];
  const nonholonomic = [...written, ...rolling.nonholonomic];
  const multipleImpacts = out.take(checkMultipleImpacts(spec.multipleImpacts, model));
  const leaveOut = out.take(checkLeaveOut(spec.leaveOut, model));
  const impactScenarios = out.take(checkScenarios(spec.impactScenarios, { coordinates, parameters, unilateral }, reader, model));

  const n = coordinates.length;
  const m = held.length + nonholonomic.length;
  if (n > 0 && m >= n) {
    out.add(
      'too-many-constraints',
      holonomic.length ? 'holonomic' : 'nonholonomic',
      `${m} retaining constraints for ${n} coordinates: at most ${n - 1} leave the system any motion`,
    );
  }
  const patches = out.take(
    checkPatches(spec.patches, coordinates, parameters, { realized: compliant.length + realizations.length > 0, retaining: m > 0 }, model),
  );
  const initial = out.take(initialChecked);
  out.take(
    checkLimitStudy(
      spec.limitStudy,
      spec.unilateral,
      parameters,
      reader,
      model,
      coordinates.map((c) => c.name),
    ),
  );
  // Declarations of the experiments and the presentation, checked here so that none fails after the derivation.
  out.take(checkOrbit(spec.orbit, { coordinates, parameters, unilateral, compliant }, model));
  out.take(checkDrawing(spec.drawing, { coordinates, parameters }, model));
  out.take(checkSources(spec.sources, model));
  out.take(checkUnplotted(spec.unplotted, coordinates, model));
  const paper = out.take(checkPaperDeclaration(spec.paper, model));

  if (out.list.length || model === undefined || !L) throw failure(out.list);
  const built: Model = {
    name: model,
    title: title ?? model,
    ...(description !== undefined ? { description } : {}),
    coordinates,
    parameters,
    time: sym(TIME),
    ...(T ? { T } : {}),
    ...(V ? { V } : {}),
    L,
    Q,
    ...(tree ? { tree } : {}),
    holonomic: held,
    nonholonomic,
    ...(rolling.contacts.length ? { rolling: rolling.contacts } : {}),
    hinges,
    unilateral,
    ...(compliant.length ? { compliant } : {}),
    ...(realizations.length ? { realizations } : {}),
    ...(patches.length ? { patches } : {}),
    multipleImpacts,
    ...(leaveOut ? { leaveOut } : {}),
    impactScenarios,
    initial: initial.state,
    initialExprs: initial.exprs,
    ...(geometry && spec.drawing === undefined ? { sketch: geometry.sketch } : {}),
    ...(geometry ? { geometry: geometry.description } : {}),
  };
  // Consistency of the initial state and the paper's formulas need every other field valid.
  const late = [
    ...limitProblems(built, defaultValues(parameters), "at the parameters' defaults"),
    ...initialStateProblems(built, built.initial),
    ...(paper ? paperProblems(paper, built, drawingPoints(spec.drawing ?? geometry?.sketch), spec.orbit !== undefined) : []),
  ];
  if (late.length) throw failure(late);
  return built;
}

/** The names of a drawing's points (checked by checkDrawing; none where it is not an object of points). */
const drawingPoints = (drawing: unknown): string[] => (isFields(drawing) && isFields(drawing.points) ? Object.keys(drawing.points) : []);

/** The paper's formulas read against the model, or against its general model (built here: a model file's second model, named in its own errors). */
function paperProblems(paper: PaperDeclaration, model: Model, drawn: readonly string[], orbit: boolean): readonly MechanicsError[] {
  let general = model;
  try {
    if (paper.general !== undefined) general = buildModel(paper.general as ModelSpec);
  } catch (err) {
    if (!(err instanceof MechanicsError)) throw err;
    return [err];
  }
  return [
    ...paperFormulas(paper.formulas, general).problems,
    ...paperClaims(paper.claims, general).problems,
    ...paperFigures(paper.figures, general).problems,
    // The sketches and the studies' figures are of the model itself (its drawing, its coordinates, its orbit), not of its general model.
    ...paperSketches(paper.sketches, model, drawn).problems,
    ...paperStudyFigures(paper.studyFigures, model, orbit).problems,
  ];
}

function failure(problems: readonly MechanicsError[]): MechanicsError {
  if (problems.length) return combineErrors(problems);
  return new MechanicsError('internal', 'internal', 'buildModel found no problem but could not build the model');
}
