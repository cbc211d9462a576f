/**
 * The notifications module's face (decision 049): all that the app and other modules may import from it.
 * Other modules import `../notifications`, never a file inside it (eslint.config.js).
 */
export { notifyV1Released, notifyV1ReportReady, notifyV2ResultsReady } from './service';
