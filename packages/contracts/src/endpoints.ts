import { isEndpoint, type EndpointDef } from './endpoint';
import * as assignments from './assignments';
import * as accountAccess from './account-access';
import * as audit from './audit';
import * as auth from './auth';
import * as categories from './categories';
import * as evaluations from './evaluations';
import * as exportsModule from './exports';
import * as fullEvaluation from './full-evaluation';
import * as health from './health';
import * as home from './home';
import * as mail from './mail';
import * as organization from './organization';
import * as profile from './profile';
import * as questionBanks from './question-banks';
import * as reminders from './reminders';
import * as setup from './setup';
import * as staff from './staff';
import * as users from './users';
import * as usersImport from './users-import';
import * as v1Release from './v1-release';
import * as v1Results from './v1-results';
import * as v2Answers from './v2-answers';
import * as v2Assignments from './v2-assignments';
import * as v2Evaluations from './v2-evaluations';
import * as v2Insight from './v2-insight';
import * as v2Items from './v2-items';
import * as v2Nominations from './v2-nominations';
import * as v2Release from './v2-release';
import * as v2Results from './v2-results';
import * as v2Snapshots from './v2-snapshots';
import * as v2Templates from './v2-templates';

const MODULES: ReadonlyArray<Record<string, unknown>> = [
  accountAccess,
  assignments,
  audit,
  auth,
  categories,
  evaluations,
  exportsModule,
  fullEvaluation,
  health,
  home,
  mail,
  organization,
  profile,
  questionBanks,
  reminders,
  setup,
  staff,
  users,
  usersImport,
  v1Release,
  v1Results,
  v2Answers,
  v2Assignments,
  v2Evaluations,
  v2Insight,
  v2Items,
  v2Nominations,
  v2Release,
  v2Results,
  v2Snapshots,
  v2Templates,
];

/**
 * Every endpoint the contracts declare: each exported endpoint, or each endpoint inside an exported
 * group (`categoryEndpoints = { list, get, … }`). The server checks its routes against this list.
 */
export function allEndpoints(): EndpointDef[] {
  const found = new Set<EndpointDef>();
  for (const mod of MODULES) {
    for (const value of Object.values(mod)) {
      if (isEndpoint(value)) found.add(value);
      else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        for (const inner of Object.values(value)) if (isEndpoint(inner)) found.add(inner);
      }
    }
  }
  return [...found];
}

/** 'GET /api/categories/:id' — how a route and its endpoint are matched. */
export function endpointKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}
