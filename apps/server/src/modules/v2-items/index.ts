/**
 * The v2-items module's face (decision 049): all that the app and other modules may import from it.
 * Other modules import `../v2-items`, never a file inside it (eslint.config.js).
 */
export { v2ItemRoutes } from './routes';
export { frozenItemsOf, itemsOfEvaluation } from './service';
