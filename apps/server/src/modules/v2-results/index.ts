/**
 * The v2-results module's face (decision 049): all that the app and other modules may import from it.
 * Other modules import `../v2-results`, never a file inside it (eslint.config.js).
 */
export { v2ResultRoutes } from './routes';
export { type EvaluateeFigures, itemRule } from './figures';
export {
  eachEvaluationFigures,
  type EvaluationFigures,
  FIGURES_PAGE_SIZE,
  requireEvaluation,
  SummaryBuilder,
} from './service';
