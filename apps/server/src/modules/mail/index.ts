/**
 * The mail module's face (decision 049): all that the app and other modules may import from it.
 * Other modules import `../mail`, never a file inside it (eslint.config.js).
 */
export { outboxRoutes } from './routes';
export { registerMail } from './lifecycle';
export {
  absoluteUrl,
  endDeadLinks,
  enqueueMail,
  kickOutbox,
  type MailContent,
  type MailRequest,
  type MailSettings,
  mailSettings,
} from './service';
