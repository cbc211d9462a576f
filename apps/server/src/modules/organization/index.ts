/**
 * The organisation module's face (decision 049): all that the app and other modules may import from it.
 * Other modules import `../organization`, never a file inside it (eslint.config.js).
 */
export { organizationRoutes } from './routes';
export { paperLogo } from './service';
