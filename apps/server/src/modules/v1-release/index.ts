/**
 * The v1-release module's face (decision 049): all that the app and other modules may import from it.
 * Other modules import `../v1-release`, never a file inside it (eslint.config.js).
 */
export { v1ReleaseRoutes } from './routes';
