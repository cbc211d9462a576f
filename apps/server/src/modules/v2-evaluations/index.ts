/**
 * The v2-evaluations module's face (decision 049): all that the app and other modules may import from it.
 * Other modules import `../v2-evaluations`, never a file inside it (eslint.config.js).
 */
export { v2EvaluationRoutes } from './routes';
export {
  assertV2EvaluationExists,
  getV2Evaluation,
  type LockedEvaluation,
  lockV2EvaluationForUpdate,
  lockV2EvaluationShared,
  openIfReady,
} from './service';
