import type { Migration } from 'kysely';
import type { Engine } from '../connection';
import { foundation } from './0001-foundation';
import { v1Evaluations } from './0002-v1-evaluations';
import { v1Rounds } from './0003-v1-rounds';
import { v2Evaluations } from './0004-v2-evaluations';
import { v2Answers } from './0005-v2-answers';
import { auditIndexes } from './0006-audit-indexes';
import { largeData } from './0007-large-data';
import { v2Confidentiality } from './0008-v2-confidentiality';
import { attemptThrottles } from './0009-attempt-throttles';
import { v1StatesAndVersions } from './0010-v1-states-and-versions';
import { dataStamps } from './0011-data-stamps';
import { userSearchKeys } from './0012-user-search-keys';
import { mailAndDeadlines } from './0013-mail-and-deadlines';
import { v2DraftsAndDeclines } from './0014-v2-drafts-and-declines';
import { reportsToAndNominations } from './0015-reports-to-and-nominations';
import { v2Release } from './0016-v2-release';
import { raterStanding } from './0017-rater-standing';
import { manualReminderCooldown } from './0019-manual-reminder-cooldown';
import { outboxLinkScrub } from './0020-outbox-link-scrub';
import { deliveryAndStorageFaults } from './0021-delivery-and-storage-faults';
import { v1OpensWhenReady } from './0022-v1-opens-when-ready';
import { v2OpensWhenReady } from './0023-v2-opens-when-ready';
import { v1Release } from './0024-v1-release';
import { launchNotices } from './0025-launch-notices';
import { teamResultsNotices } from './0026-team-results-notices';
import { organizationLogo } from './0027-organization-logo';

/** Every migration, in order. Names never change once released. */
export function allMigrations(engine: Engine): Record<string, Migration> {
  return {
    '0001-foundation': foundation(engine),
    '0002-v1-evaluations': v1Evaluations(engine),
    '0003-v1-rounds': v1Rounds(engine),
    '0004-v2-evaluations': v2Evaluations(engine),
    '0005-v2-answers': v2Answers(engine),
    '0006-audit-indexes': auditIndexes(),
    '0007-large-data': largeData(engine),
    '0008-v2-confidentiality': v2Confidentiality(),
    '0009-attempt-throttles': attemptThrottles(engine),
    '0010-v1-states-and-versions': v1StatesAndVersions(),
    '0011-data-stamps': dataStamps(engine),
    '0012-user-search-keys': userSearchKeys(engine),
    '0013-mail-and-deadlines': mailAndDeadlines(engine),
    '0014-v2-drafts-and-declines': v2DraftsAndDeclines(engine),
    '0015-reports-to-and-nominations': reportsToAndNominations(engine),
    '0016-v2-release': v2Release(),
    '0017-rater-standing': raterStanding(),
    '0019-manual-reminder-cooldown': manualReminderCooldown(),
    '0020-outbox-link-scrub': outboxLinkScrub(),
    '0021-delivery-and-storage-faults': deliveryAndStorageFaults(engine),
    '0022-v1-opens-when-ready': v1OpensWhenReady(),
    '0023-v2-opens-when-ready': v2OpensWhenReady(),
    '0024-v1-release': v1Release(engine),
    '0025-launch-notices': launchNotices(),
    '0026-team-results-notices': teamResultsNotices(),
    '0027-organization-logo': organizationLogo(engine),
  };
}
