/**
 * The assignments module's face (decision 049): all that the app and other modules may import from it.
 * Other modules import `../assignments`, never a file inside it (eslint.config.js).
 */
export { assignmentRoutes } from './routes';
export { isAssignedTo } from './service';
