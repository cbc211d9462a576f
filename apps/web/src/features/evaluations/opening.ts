import {
  questionBankIsReady,
  replaceOpenQuestion,
  V1_STATUS_LABELS,
  type Evaluation,
  type QuestionBank,
  type V1EvaluationStatus,
} from '@evalua/contracts';

/** The category's open evaluation other than `exceptId` (at most one, decision 026). */
export function openInCategory(
  evaluations: readonly Evaluation[],
  categoryId: number,
  exceptId?: number,
): Evaluation | undefined {
  return evaluations.find(
    // eslint-disable-next-line no-restricted-syntax -- which evaluation is the open one (decision 026), as the server looks it up
    (e) => e.category_id === categoryId && e.status === 'abierta' && e.id !== exceptId,
  );
}

/** The names of the other categories whose evaluations use this bank, once each, sorted. */
export function bankSharedWith(
  evaluations: readonly Evaluation[],
  bankId: number | null,
  categoryId: number | null,
): string[] {
  if (bankId === null) return [];
  const names = new Set(
    evaluations
      .filter((e) => e.question_bank_id === bankId && e.category_id !== categoryId)
      .map((e) => e.category_name),
  );
  return [...names].sort((a, b) => a.localeCompare(b, 'es'));
}

/** 'Este banco también lo usa la categoría «Apoyo»: …' — allowed, but said (issue 15). */
export function sharedBankNotice(categories: readonly string[]): string | null {
  if (categories.length === 0) return null;
  const list = categories.map((c) => `«${c}»`).join(', ');
  const who = categories.length === 1 ? `la categoría ${list}` : `las categorías ${list}`;
  return `Este banco también lo usa ${who}: si cambias sus preguntas, cambian también para esas evaluaciones (los resultados ya entregados no cambian).`;
}

/** Whether an evaluation with this bank could open: the bank is ready (it asks at least one question). */
export function bankReady(banks: readonly QuestionBank[], bankId: number | null): boolean {
  return bankId !== null && questionBankIsReady(banks.find((b) => b.id === bankId)?.question_count ?? 0);
}

/** Why the new evaluation will be saved as a draft, or null when it can open. */
export function draftReason(banks: readonly QuestionBank[], bankId: number | null): string | null {
  if (bankId === null) return 'Sin banco de preguntas, la evaluación se guardará como borrador.';
  if (!bankReady(banks, bankId))
    return 'El banco elegido no tiene preguntas: la evaluación se guardará como borrador.';
  return null;
}

/**
 * What to ask before `target` opens: null when nothing else is open in its category; otherwise the
 * sentence saying what closes, what stays and what evaluators will see.
 */
export function openingQuestion(
  evaluations: readonly Evaluation[],
  target: { id?: number; name: string; category_id: number; category_name: string },
): string | null {
  const open = openInCategory(evaluations, target.category_id, target.id);
  return open ? replaceOpenQuestion(target.category_name, open.name, target.name) : null;
}

/** 'La evaluación «X» se cerrará: …' — what closing does. */
export function closingQuestion(name: string): string {
  return `La evaluación «${name}» se cerrará: ya no recibirá evaluaciones y sus resultados se conservan en Reportes e Historial.`;
}

export function statusLabel(status: V1EvaluationStatus): string {
  return V1_STATUS_LABELS[status];
}
