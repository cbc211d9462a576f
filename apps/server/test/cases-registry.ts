import fs from 'node:fs';
import path from 'node:path';
import accountAccess from '../src/modules/account-access/account-access.cases';
import assignments from '../src/modules/assignments/assignments.cases';
import audit from '../src/modules/audit/audit.cases';
import auth from '../src/modules/auth/auth.cases';
import categories from '../src/modules/categories/categories.cases';
import evaluations from '../src/modules/evaluations/evaluations.cases';
import fullEvaluation from '../src/modules/full-evaluation/full-evaluation.cases';
import health from '../src/modules/health/health.cases';
import home from '../src/modules/home/home.cases';
import mail from '../src/modules/mail/mail.cases';
import organization from '../src/modules/organization/organization.cases';
import profile from '../src/modules/profile/profile.cases';
import questionBanks from '../src/modules/question-banks/question-banks.cases';
import reminders from '../src/modules/reminders/reminders.cases';
import setup from '../src/modules/setup/setup.cases';
import staff from '../src/modules/staff/staff.cases';
import users from '../src/modules/users/users.cases';
import usersImport from '../src/modules/users-import/users-import.cases';
import v1Release from '../src/modules/v1-release/v1-release.cases';
import v1Results from '../src/modules/v1-results/v1-results.cases';
import v2Answers from '../src/modules/v2-answers/v2-answers.cases';
import v2Assignments from '../src/modules/v2-assignments/v2-assignments.cases';
import v2Evaluations from '../src/modules/v2-evaluations/v2-evaluations.cases';
import v2Insight from '../src/modules/v2-insight/v2-insight.cases';
import v2Items from '../src/modules/v2-items/v2-items.cases';
import v2Nominations from '../src/modules/v2-nominations/v2-nominations.cases';
import v2Release from '../src/modules/v2-release/v2-release.cases';
import v2Results from '../src/modules/v2-results/v2-results.cases';
import v2Snapshots from '../src/modules/v2-snapshots/v2-snapshots.cases';
import v2Templates from '../src/modules/v2-templates/v2-templates.cases';
import { API_DOCS_CASES } from './cases-api-docs';
import type { AuditCase, AuthzCase, ModuleCases, RobustnessCase } from './cases';

/**
 * Every module's cases (src/modules/<m>/<m>.cases.ts), listed by hand; `unlistedCasesFiles` checks
 * the list against the folders, so a new module's file cannot be left out.
 */
export const MODULE_CASES: ReadonlyArray<readonly [module: string, cases: ModuleCases]> = [
  ['account-access', accountAccess],
  ['assignments', assignments],
  ['audit', audit],
  ['auth', auth],
  ['categories', categories],
  ['evaluations', evaluations],
  ['full-evaluation', fullEvaluation],
  ['health', health],
  ['home', home],
  ['mail', mail],
  ['organization', organization],
  ['profile', profile],
  ['question-banks', questionBanks],
  ['reminders', reminders],
  ['setup', setup],
  ['staff', staff],
  ['users', users],
  ['users-import', usersImport],
  ['v1-release', v1Release],
  ['v1-results', v1Results],
  ['v2-answers', v2Answers],
  ['v2-assignments', v2Assignments],
  ['v2-evaluations', v2Evaluations],
  ['v2-insight', v2Insight],
  ['v2-items', v2Items],
  ['v2-nominations', v2Nominations],
  ['v2-release', v2Release],
  ['v2-results', v2Results],
  ['v2-snapshots', v2Snapshots],
  ['v2-templates', v2Templates],
];

/** The authorization matrix: every module's rows, and the API document's (Swagger's own routes). */
export const AUTHZ_CASES: readonly AuthzCase[] = [
  ...MODULE_CASES.flatMap(([, c]) => c.authz),
  ...API_DOCS_CASES,
];
export const AUDIT_CASES: readonly AuditCase[] = MODULE_CASES.flatMap(([, c]) => c.audit ?? []);
export const ROBUSTNESS_CASES: readonly RobustnessCase[] = MODULE_CASES.flatMap(
  ([, c]) => c.robustness ?? [],
);

/** The `<m>.cases.ts` files on disk that MODULE_CASES does not list, and the listed ones missing. */
export function unlistedCasesFiles(): { unlisted: string[]; missing: string[] } {
  const modules = path.join(import.meta.dirname, '../src/modules');
  const onDisk = fs
    .readdirSync(modules, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      fs
        .readdirSync(path.join(modules, d.name))
        .filter((f) => f.endsWith('.cases.ts'))
        .map((f) => `${d.name}/${f}`),
    );
  const listed = MODULE_CASES.map(([m]) => `${m}/${m}.cases.ts`);
  return {
    unlisted: onDisk.filter((f) => !listed.includes(f)),
    missing: listed.filter((f) => !onDisk.includes(f)),
  };
}
