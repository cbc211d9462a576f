/**
 * The home module's face (decision 049): all that the app and other modules may import from it.
 * Other modules import `../home`, never a file inside it (eslint.config.js).
 */
export { homeRoutes } from './routes';
