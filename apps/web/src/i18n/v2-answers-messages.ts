import { endSentence } from '@evalua/contracts';

/** Sentences of the rater's drafts, progress and declining (decision 034). */
export const v2AnswerMessages = {
  saveDraft: 'Guardar borrador',
  saving: 'Guardando borrador…',
  savedAt: (time: string) => `Borrador guardado a las ${endSentence(time)}`,
  restored: (time: string) => `Se recuperó tu borrador guardado a las ${endSentence(time)}`,
  saveFailed:
    'No se pudo guardar el borrador. Tus respuestas siguen aquí; se intentará de nuevo al seguir respondiendo.',
  loadError: 'No se pudo cargar tu borrador.',
  retry: 'Reintentar',
  leaveTitle: 'Salir sin guardar',
  leaveMessage:
    'Tienes cambios que aún no se guardaron en el borrador. Si sales ahora, esos cambios se perderán.',
  leaveConfirm: 'Salir sin guardar',
  decline: 'Rechazar solicitud',
  declineTitle: 'Rechazar solicitud de evaluación',
  declineIntro: (who: string) =>
    `Si no puedes evaluar a ${who}, dilo aquí. Gestión Humana verá el motivo; tus respuestas no se enviarán.`,
  reasonLabel: 'Motivo',
  reasonRequired: 'Indica el motivo por el que rechazas la solicitud.',
  declineConfirm: 'Rechazar solicitud',
  declineError: 'No se pudo rechazar la solicitud.',
  declined: 'Rechazaste la solicitud. Gestión Humana verá el motivo.',
  sameWeights: 'Todas las preguntas tienen el mismo peso.',
} as const;
