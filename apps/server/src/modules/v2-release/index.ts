/**
 * The v2-release module's face (decision 049): all that the app and other modules may import from it.
 * Other modules import `../v2-release`, never a file inside it (eslint.config.js).
 */
export { v2ReleaseRoutes } from './routes';
export { releasedReader } from './service';
