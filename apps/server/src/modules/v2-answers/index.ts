/**
 * The v2-answers module's face (decision 049): all that the app and other modules may import from it.
 * Other modules import `../v2-answers`, never a file inside it (eslint.config.js).
 */
export { v2AnswerRoutes } from './routes';
