/**
 * The audit module's face (decision 049): all that the app and other modules may import from it.
 * Other modules import `../audit`, never a file inside it (eslint.config.js).
 */
export { auditRoutes } from './routes';
export { audit, type AuditEntry } from './service';
