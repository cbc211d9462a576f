/**
 * The users-import module's face (decision 049): all that the app and other modules may import from it.
 * Other modules import `../users-import`, never a file inside it (eslint.config.js).
 */
export { usersImportRoutes } from './routes';
