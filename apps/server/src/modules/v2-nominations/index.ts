/**
 * The v2-nominations module's face (decision 049): all that the app and other modules may import from it.
 * Other modules import `../v2-nominations`, never a file inside it (eslint.config.js).
 */
export { v2NominationRoutes } from './routes';
