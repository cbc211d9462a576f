/**
 * The full-evaluation module's face (decision 049): all that the app and other modules may import from it.
 * Other modules import `../full-evaluation`, never a file inside it (eslint.config.js).
 */
export { fullEvaluationRoutes } from './routes';
