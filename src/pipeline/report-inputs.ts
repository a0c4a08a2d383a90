// What the report of a compiled model is made from besides its derivation:
// the motion, the drawing, the sources and the studies (linearization,
// steady motions, the impact modes by direction, the impact law's energy, declared rigid-limit study,
// periodic orbit, basin, a patch's universal restitution and transverse relaxation, the billiard's
// confocal motions, the realizations of a constraint compared, paper check,
// the paper's sketches). The
// studies compute (src/studies/); this module only runs them on the model's
// one loaded module (each used to load its own copy) and hands the results
// to the report, which prints them.
// Tests: test/pipeline/report-inputs.test.ts, test/report/committed.test.ts (every committed report).
import { TOOLKIT } from '../codegen/module.js';
import { impactMapJacobian } from '../derive/linearization/equilibria.js';
import type { MechanicsError } from '../errors.js';
import type { ReportOptions } from '../report/report.js';
import { modelDrawing } from '../report/sketch.js';
import type { SourceKey } from '../model/sources.js';
import { checkSketches } from '../model/validate/paper-sketches.js';
import { checkStudyFigures, type StudyFigures } from '../model/validate/paper-study-figures.js';
import { hasReportBasin, reportBasin, type BasinStudy } from '../studies/basin.js';
import { confocalStudy } from '../studies/confocal.js';
import { limitMotion, type LimitPiece } from '../derive/motion/limit-motion.js';
import { dropStudyOf, limitStudyOf, theoremLaw, theoremLimits, withLaws, type DropStudy, type ModelLimitStudy, type TheoremLaw } from '../studies/limit.js';
import { linearizationStudy } from '../studies/linearization.js';
import { impactEnergyStudy } from '../studies/impact-energy.js';
import { modeDirections } from '../studies/mode-directions.js';
import { modeShares } from '../studies/mode-shares.js';
import { firstImpact } from '../studies/first-impact.js';
import { supportLoads } from '../studies/support-loads.js';
import { realizedReactions } from '../studies/realized-reactions.js';
import { slipRates } from '../studies/slip-rates.js';
import { supportHistory } from '../studies/support-history.js';
import { supportStarts } from '../studies/support-starts.js';
import { plasticArrival } from '../studies/plastic-arrival.js';
import { plasticSlide } from '../studies/plastic-slide.js';
import { hingeRest } from '../studies/hinge-rest.js';
import { patchHistories } from '../studies/patch-history.js';
import { steadyMotionStudy } from '../studies/steady-motion.js';
import { reportMotion, type MotionStudy } from '../studies/motion.js';
import { declaredOrbit } from '../studies/orbit.js';
import { heldConditions } from '../studies/orbit-zeros.js';
import { paperCheck } from '../studies/paper-check.js';
import { realizationsStudy } from '../studies/realizations.js';
import { averagedSpeedStudy } from '../studies/averaged-speed.js';
import { rollingSpeedsStudy } from '../studies/rolling-speeds.js';
import { inclineRunsStudy } from '../studies/incline-runs.js';
import { relaxationStudies } from '../studies/relaxation.js';
import { restitutionStudies } from '../studies/restitution.js';
import { compileModel, type CompiledModel } from './compiled-model.js';
import { loadGenerated } from './load-generated.js';
import { compileRigid } from './rigid.js';
import { closedDistance, limitDistance, type ClosedDistance } from '../studies/limit-distance.js';

/**
 * The report's options and, if the report's simulation failed, its error
 * (which `derive` counts as a failure). Throws where a part cannot be built
 * (buildReportOutputs says so beside the code).
 */
export function reportInputs(compiled: CompiledModel): { readonly options: ReportOptions; readonly problems: readonly MechanicsError[] } {
  const { spec, model, system, loaded } = compiled;
  const { simulation, error } = reportMotion(loaded);
  const figures = checkStudyFigures(spec.paper?.studyFigures, model, spec.orbit !== undefined);
  // The rigid version, derived once where both the limit study and the realizations want it.
  let rigid: CompiledModel | undefined | null = null;
  const rigidModel = (): CompiledModel | undefined => (rigid === null ? (rigid = compileRigid(spec, loadGenerated)) : rigid);
  const options: ReportOptions = {
    source: compiled.source,
    toolkit: TOOLKIT,
    simulation,
    drawing: modelDrawing(spec, model),
    ...(spec.sources ? { sources: spec.sources } : {}),
    ...(spec.unplotted ? { unplotted: spec.unplotted } : {}),
    ...studyOption(compiled, rigidModel),
    ...orbitOption(compiled, figures),
    ...basinOption(compiled),
    linearization: linearizationStudy(system),
    steadyMotion: steadyMotionStudy(system),
    modeDirections: modeDirections(system),
    modeShares: modeShares(system),
    ...supportLoadsOption(compiled),
    ...supportHistoryOption(compiled, simulation),
    ...slipRatesOption(compiled, simulation),
    ...realizedReactionsOption(compiled, simulation),
    ...supportStartsOption(compiled),
    ...plasticArrivalOption(compiled),
    ...hingeRestOption(compiled, simulation),
    ...firstImpactOption(compiled, simulation),
    ...patchHistoryOption(compiled, simulation),
    ...impactEnergyOption(compiled),
    ...restitutionOption(compiled),
    ...relaxationOption(compiled),
    ...sketchesOption(compiled),
    ...confocalOption(compiled, figures),
    ...realizationsOption(compiled, figures, rigidModel),
    ...inclineRunsOption(compiled, figures),
  };
  // The paper's measured facts are the other studies' numbers.
  const paper = spec.paper && paperCheck(system, spec.paper, options);
  return {
    options: paper
      ? { ...options, paper, ...rollingSpeedsOption(compiled, figures, simulation, paper), ...averagedSpeedOption(compiled, figures, simulation, paper) }
      : options,
    problems: error ? [error] : [],
  };
}

/** The reactions' sums of Smirnov's full variants at the defaults, where derived in closed form. */
function supportLoadsOption({ system }: CompiledModel): Pick<ReportOptions, 'supportLoads'> {
  const loads = supportLoads(system);
  return loads ? { supportLoads: loads } : {};
}

/** The realized variant's reactions and friction along the simulated motion, where the supports have closed forms. */
function slipRatesOption({ system }: CompiledModel, simulation: ReportOptions['simulation']): Pick<ReportOptions, 'slipRates'> {
  const rates = simulation && 'trajectory' in simulation ? slipRates(system, simulation.trajectory) : undefined;
  return rates ? { slipRates: rates } : {};
}

/** The realized retaining constraints' forces beside their multipliers along the simulated motion (kozlov1988 Theorem 1). */
function realizedReactionsOption({ spec, system, loaded }: CompiledModel, simulation: ReportOptions['simulation']): Pick<ReportOptions, 'realizedReactions'> {
  const reactions = simulation && 'trajectory' in simulation ? realizedReactions(system, loaded, spec.limitStudy, simulation.trajectory) : undefined;
  return reactions ? { realizedReactions: reactions } : {};
}

function supportHistoryOption({ system }: CompiledModel, simulation: ReportOptions['simulation']): Pick<ReportOptions, 'supportHistory'> {
  const history = simulation && 'trajectory' in simulation ? supportHistory(system, simulation.trajectory) : undefined;
  return history ? { supportHistory: history } : {};
}

/** The starts from rest on the supports, one sliding and one staying, where the rest rule is derived (studies/support-starts.ts). */
function supportStartsOption({ system, loaded }: CompiledModel): Pick<ReportOptions, 'supportStarts'> {
  const starts = supportStarts(system, loaded);
  return starts ? { supportStarts: starts } : {};
}

/**
 * The run with the restitution coefficient 0, where the model is checked against kugushev2002, whose §9 sets the two
 * regimes after an impact: whether the contact holds (studies/plastic-arrival.ts), and the slide from an arrival
 * where it does (studies/plastic-slide.ts).
 */
function plasticArrivalOption({ spec, system, loaded }: CompiledModel): Pick<ReportOptions, 'plasticArrival' | 'plasticSlide'> {
  const arrival = spec.paper?.source === 'kugushev2002' ? plasticArrival(system, loaded) : undefined;
  const slide = arrival && plasticSlide(loaded, arrival);
  return arrival ? { plasticArrival: arrival, ...(slide ? { plasticSlide: slide } : {}) } : {};
}

/** When and where the hinge's joint comes to rest along the simulated motion, where it does (studies/hinge-rest.ts). */
function hingeRestOption({ system }: CompiledModel, simulation: ReportOptions['simulation']): Pick<ReportOptions, 'hingeRest'> {
  const rest = simulation && 'trajectory' in simulation ? hingeRest(system, simulation.trajectory) : undefined;
  return rest ? { hingeRest: rest } : {};
}

/** The run's first impact of a Coulomb contact striking alone, through its impact map (studies/first-impact.ts). */
function firstImpactOption({ system }: CompiledModel, simulation: MotionStudy): Pick<ReportOptions, 'firstImpact'> {
  const first = simulation && 'trajectory' in simulation ? firstImpact(system, simulation.trajectory) : undefined;
  return first ? { firstImpact: first } : {};
}

/** Each friction patch's slip and depth along the simulated motion, where a contact occurs (studies/patch-history.ts). */
function patchHistoryOption({ system }: CompiledModel, simulation: ReportOptions['simulation']): Pick<ReportOptions, 'patchHistory'> {
  const histories = simulation && 'trajectory' in simulation ? patchHistories(system, simulation.trajectory) : [];
  return histories.length ? { patchHistory: histories } : {};
}

/**
 * The model's declared rigid-limit study (ModelSpec.limitStudy) against its rigid version, compiled here, with
 * its drop beside it against Theorem 3's restitution where it declares one; nothing without a study.
 */
function studyOption(
  { spec, system, loaded }: CompiledModel,
  rigid: () => CompiledModel | undefined,
): {
  limitStudy?: ModelLimitStudy & {
    drop?: DropStudy;
    law?: TheoremLaw;
    pieces?: readonly LimitPiece[];
    limitDistance?: number;
    closedDistance?: ClosedDistance;
  };
} {
  if (!spec.limitStudy) return {};
  const drop = dropStudyOf(spec, loaded, theoremLimits(system, spec.limitStudy.parameter, spec.limitStudy.values), system);
  const study = limitStudyOf(spec, loaded, rigid()?.loaded)!;
  const law = theoremLaw(system, study);
  // A delayed release's held phases are described only by the limit motion (kozlov1988 (2.7)).
  const delayed = system.compliant?.terms.some((t) => t.limit.kind === 'delayed-release');
  const pieces = delayed ? limitMotion(system, spec.limitStudy.parameter).pieces : undefined;
  // Where the limit is another motion than the rigid one (kozlov1988 (2.6)), its distance to it, which the runs' tends to.
  const rigidSystem = study.rigidInTheLimit ? undefined : rigid()?.system;
  const far = delayed && rigidSystem ? limitDistance(system, rigidSystem, spec.limitStudy.parameter) : undefined;
  // And the finite motion's, in closed form as a function of the parameter, located at each of the study's values.
  const closed =
    delayed && rigidSystem
      ? closedDistance(
          system,
          rigidSystem,
          study.parameter,
          study.rows.map((r) => r.value),
        )
      : undefined;
  return {
    limitStudy: {
      ...study,
      ...(drop ? { drop } : {}),
      ...(law ? { law } : {}),
      ...(pieces ? { pieces } : {}),
      ...(far !== undefined ? { limitDistance: far } : {}),
      ...(closed ? { closedDistance: closed } : {}),
    },
  };
}

/** The model's declared periodic orbit (ModelSpec.orbit), drawn between its walls where paper.studyFigures says so; nothing without one. */
function orbitOption({ spec, system, loaded }: CompiledModel, { orbitWalls }: StudyFigures): Pick<ReportOptions, 'orbit' | 'orbitWalls'> {
  if (!spec.orbit) return {};
  const study = declaredOrbit(loaded, spec.orbit, impactMapJacobian(system));
  const held = study.orbit && heldConditions(system, study.orbit);
  return { orbit: held ? { ...study, held } : study, ...(orbitWalls ? { orbitWalls } : {}) };
}

/** Whether the impact law's Coulomb outcomes raise the kinetic energy (studies/impact-energy.ts); nothing without such outcomes. */
function impactEnergyOption({ system }: CompiledModel): Pick<ReportOptions, 'impactEnergy'> {
  const study = impactEnergyStudy(system);
  return study ? { impactEnergy: study } : {};
}

/** Each contact patch's universal restitution (studies/restitution.ts); nothing for a model without one. */
function restitutionOption({ system }: CompiledModel): { restitution?: ReturnType<typeof restitutionStudies> } {
  const studies = restitutionStudies(system);
  return studies.length ? { restitution: studies } : {};
}

/** Each contact patch's transverse relaxation (studies/relaxation.ts); nothing for a model without one. */
function relaxationOption({ system }: CompiledModel): Pick<ReportOptions, 'relaxation'> {
  const studies = relaxationStudies(system);
  return studies.length ? { relaxation: studies } : {};
}

/** The declared confocal motions (paper.studyFigures, studies/confocal.ts); nothing without them. */
function confocalOption({ loaded }: CompiledModel, { confocal }: StudyFigures): Pick<ReportOptions, 'confocal'> {
  return confocal ? { confocal: confocalStudy(loaded, confocal) } : {};
}

/**
 * The declared realizations compared (paper.studyFigures, kozlov1988 Fig. 1): the model's own,
 * each declared law in its contact's place and the rigid model, derived here and run by the study.
 */
function realizationsOption(
  { spec, loaded }: CompiledModel,
  { realizations: figure }: StudyFigures,
  rigidModel: () => CompiledModel | undefined,
): Pick<ReportOptions, 'realizations'> {
  if (!figure) return {};
  const others = figure.laws.map(({ label, law }, k) => {
    const variant = withLaws(spec, { [figure.contact]: law }, `${spec.name}-realization${k + 1}`);
    return { label, variant, module: compileModel(variant, loadGenerated).loaded };
  });
  const rigid = rigidModel();
  const study = realizationsStudy(figure, [{ label: figure.label, module: loaded }, ...others, ...(rigid ? [{ label: 'rigid', module: rigid.loaded }] : [])]);
  // The other laws declared so, as the model's study parameter grows, against the rigid model: the limit each tends to (kozlov1988 (2.4)).
  const declared = spec.limitStudy;
  const limits =
    declared && rigid
      ? others
          .filter(({ label }) => figure.limits.includes(label))
          .map(({ label, variant, module }) => ({
            label,
            study: limitStudyOf({ ...variant, limitStudy: { parameter: declared.parameter, values: declared.values } }, module, rigid.loaded)!,
          }))
      : [];
  return { realizations: limits.length ? { ...study, limits } : study };
}

/**
 * The speed at the impacts against the averaged law (paper.studyFigures, kozlov1988 §3), and the law's t* against the
 * paper's sufficient time as it prints it (the print the row of t* corrects); nothing without it or without a simulation.
 */
function averagedSpeedOption(
  { system, loaded }: CompiledModel,
  { averagedSpeed }: StudyFigures,
  simulation: MotionStudy,
  paper: NonNullable<ReportOptions['paper']>,
): Pick<ReportOptions, 'averagedSpeed'> {
  if (!averagedSpeed || !simulation || !('trajectory' in simulation)) return {};
  const printed = paper.rows.find((r) => r.printed && r.formula.derived.some((d) => d.fact.endsWith('.averaged.sliding')))?.printed?.paper;
  return { averagedSpeed: averagedSpeedStudy(system, loaded, simulation.trajectory, printed) };
}

/** The runs on the incline (paper.studyFigures, kuleshov2011 §2's stages); nothing without them. */
function inclineRunsOption({ system, loaded }: CompiledModel, { inclineRuns }: StudyFigures): Pick<ReportOptions, 'inclineRuns'> {
  const study = inclineRuns && inclineRunsStudy(system, loaded, inclineRuns);
  return study ? { inclineRuns: study } : {};
}

/** The run's speed after its impacts against the general model's threshold to roll on (paper.studyFigures, rubanovich1981 §2). */
function rollingSpeedsOption(
  { spec, system }: CompiledModel,
  { rollingSpeeds }: StudyFigures,
  simulation: MotionStudy,
  paper: NonNullable<ReportOptions['paper']>,
): Pick<ReportOptions, 'rollingSpeeds'> {
  if (!rollingSpeeds || !simulation || !('trajectory' in simulation)) return {};
  return { rollingSpeeds: rollingSpeedsStudy(paper.general ?? system, system, simulation.trajectory, spec.orbit?.params) };
}

/** The paper's sketches of the mechanism (paper.sketches); nothing without them. */
function sketchesOption({ spec, model }: CompiledModel): Pick<ReportOptions, 'paperSketches'> {
  const sketches = spec.paper?.sketches;
  if (!sketches?.length) return {};
  const points = Object.keys(spec.drawing?.points ?? model.sketch?.points ?? {});
  return { paperSketches: { source: spec.paper!.source as SourceKey, sketches: checkSketches(sketches, model, points) } };
}

/** The model's basin (studies/basin.ts); nothing for a model without one. */
function basinOption({ spec, loaded }: CompiledModel): { basin?: BasinStudy } {
  return hasReportBasin(spec.name) ? { basin: reportBasin(loaded)! } : {};
}
