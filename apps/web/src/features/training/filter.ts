import { fold } from '../../i18n/fold';
import type { TrainingGroup } from './api/training';

export const TRAINING_PAGE_SIZE = 5;

/**
 * The groups a search keeps: a group whose evaluator matches stays whole; otherwise only the
 * collaborators who match stay, and a group left with none goes.
 */
export function filterGroups(groups: TrainingGroup[], q: string): TrainingGroup[] {
  const needle = fold(q.trim());
  if (!needle) return groups;
  return groups.flatMap((g) => {
    if (fold(g.evaluator).includes(needle)) return [g];
    const entries = g.entries.filter((e) => fold(e.collaborator_name).includes(needle));
    return entries.length > 0 ? [{ ...g, entries }] : [];
  });
}
