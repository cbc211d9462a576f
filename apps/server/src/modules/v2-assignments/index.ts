/**
 * The v2-assignments module's face (decision 049): all that the app and other modules may import from it.
 * Other modules import `../v2-assignments`, never a file inside it (eslint.config.js).
 */
export { v2AssignmentRoutes } from './routes';
export { insertAssignmentPairs, isRaterIn, managersOfEvaluatees } from './service';
