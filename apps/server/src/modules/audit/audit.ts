/**
 * THE audit helper every module writes the log with: `audit(trx, entry)` in the change's own
 * transaction (it lives in service.ts, its INSERT in repository.ts).
 */
export { audit, type AuditEntry } from './service';
