/**
 * The evaluations module's face (decision 049): all that the app and other modules may import from it.
 * Other modules import `../evaluations`, never a file inside it (eslint.config.js).
 */
export { evaluationRoutes } from './routes';
export { getEvaluation } from './service';
