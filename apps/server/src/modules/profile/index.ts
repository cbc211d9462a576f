/**
 * The profile module's face (decision 049): all that the app and other modules may import from it.
 * Other modules import `../profile`, never a file inside it (eslint.config.js).
 */
export { profileRoutes } from './routes';
