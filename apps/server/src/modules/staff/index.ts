/**
 * The staff module's face (decision 049): all that the app and other modules may import from it.
 * Other modules import `../staff`, never a file inside it (eslint.config.js).
 */
export { collaboratorRoutes } from './collaborators-routes';
export { evaluatorRoutes } from './evaluators-routes';
