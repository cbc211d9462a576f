/** The health check's one rule: the database answers a trivial query (throws when it does not). */
export { databaseAnswers as checkDatabase } from './repository';
