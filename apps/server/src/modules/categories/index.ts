/**
 * The categories module's face (decision 049): all that the app and other modules may import from it.
 * Other modules import `../categories`, never a file inside it (eslint.config.js).
 */
export { categoryRoutes } from './routes';
export { categoryKey } from './service';
