/**
 * The v2-snapshots module's face (decision 049): all that the app and other modules may import from it.
 * Other modules import `../v2-snapshots`, never a file inside it (eslint.config.js).
 */
export { v2SnapshotRoutes } from './routes';
