/**
 * The auth module's face (decision 049): all that the app and other modules may import from it.
 * Other modules import `../auth`, never a file inside it (eslint.config.js).
 */
export { authRoutes } from './routes';
export {
  clearAttempts,
  isAttemptLocked,
  type LockRule,
  releaseAttempt,
  reserveAttempt,
} from './attempt-throttle-service';
export { purgeOldFailures } from './login-throttle-service';
