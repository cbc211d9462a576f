import type { TrainingReportEntry } from '@evalua/contracts';

/**
 * What an evaluator's group counts: the collaborators (each once) who need training, and, when one
 * of them needs it in more than one evaluation, in how many evaluations ("3 colaboradores requieren
 * capacitación (en 4 evaluaciones)"): the rows are one per collaborator and evaluation.
 */
export function trainingCountText(
  entries: ReadonlyArray<Pick<TrainingReportEntry, 'collaborator_id'>>,
): string {
  const people = new Set(entries.map((e) => e.collaborator_id)).size;
  const who =
    people === 1 ? '1 colaborador requiere capacitación' : `${people} colaboradores requieren capacitación`;
  return entries.length > people ? `${who} (en ${entries.length} evaluaciones)` : who;
}
