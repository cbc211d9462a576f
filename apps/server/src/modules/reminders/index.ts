/**
 * The reminders module's face (decision 049): all that the app and other modules may import from it.
 * Other modules import `../reminders`, never a file inside it (eslint.config.js).
 */
export { reminderRoutes } from './routes';
export { registerReminderScheduler } from './scheduler';
export { markOpenWorkTold } from './service';
