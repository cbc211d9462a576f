/**
 * The users module's face (decision 049): all that the app and other modules may import from it.
 * Other modules import `../users`, never a file inside it (eslint.config.js).
 */
export { userRoutes } from './routes';
export {
  countUsers,
  createUser,
  deleteUserTokens,
  emailConfirmedBy,
  findUserByEmail,
  findUserById,
  insertUser,
  listUsers,
  lockReportsTo,
  normalizeEmail,
  passwordSetBy,
  setUserStatus,
  toPublicUser,
  updatePasswordHash,
  updateUser,
  updateUserRow,
  type UserFields,
} from './service';
