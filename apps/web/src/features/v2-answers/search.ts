import type { V2MyAssignment } from '@evalua/contracts';
import { fold } from '../../i18n/fold';

/** The search box: by evaluatee name or evaluation name, case-insensitive, on the rows already loaded. */
export function matchesSearch(
  row: Pick<V2MyAssignment, 'evaluatee_name' | 'evaluation_name'>,
  search: string,
) {
  const q = fold(search.trim());
  if (q === '') return true;
  return fold(row.evaluatee_name).includes(q) || fold(row.evaluation_name).includes(q);
}
