/**
 * The question-banks module's face (decision 049): all that the app and other modules may import from it.
 * Other modules import `../question-banks`, never a file inside it (eslint.config.js).
 */
export { questionBankRoutes } from './routes';
export { bankAsksSomething } from './service';
