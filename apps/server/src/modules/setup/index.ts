/**
 * The setup module's face (decision 049): all that the app and other modules may import from it.
 * Other modules import `../setup`, never a file inside it (eslint.config.js).
 */
export { setupRoutes } from './routes';
export { bootstrap } from './service';
