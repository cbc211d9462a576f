/**
 * The account-access module's face (decision 049): all that the app and other modules may import from it.
 * Other modules import `../account-access`, never a file inside it (eslint.config.js).
 */
export { accountAccessRoutes } from './routes';
export { createUserWithAccessLink, issueAccessLinks } from './service';
