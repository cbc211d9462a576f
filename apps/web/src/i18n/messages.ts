import { shellMessages } from './shell-messages';

/** Every sentence the interface shows that is not a label in place: one catalogue, es-DO. */
export const messages = {
  // The frame's and first screens' sentences live in shell-messages.ts (the login screen's bundle).
  ...shellMessages,
  profile: {
    mismatch: 'Las nuevas contraseñas no coinciden.',
    changed: 'Contraseña actualizada correctamente.',
    changeFailed: 'Error al cambiar la contraseña. Verifique su contraseña actual.',
  },
  categories: {
    loadError: 'Error al cargar las categorías.',
    saveError: 'Error al guardar la categoría.',
    deleteError: 'Error al eliminar la categoría.',
    empty: 'No hay categorías. Crea la primera con el formulario.',
    created: 'Categoría creada.',
    updated: 'Categoría actualizada.',
    deleted: 'Categoría eliminada.',
    confirmDelete: (name: string) => `¿Eliminar la categoría «${name}»? Esta acción no se puede deshacer.`,
  },
  users: {
    loadError: 'No se pudieron cargar los usuarios.',
    statusError: 'Error al cambiar el estado del usuario.',
    createError: 'Error al crear el usuario. Verifica los datos.',
    updateError: 'Error al actualizar el usuario.',
    loadOneError: 'No se pudo cargar la información del usuario.',
    updated: 'Usuario actualizado correctamente.',
    mismatch: 'Las nuevas contraseñas no coinciden.',
    created: 'Usuario creado correctamente.',
    accessChoiceHelp:
      'Con un enlace la persona elige su propia contraseña. Una contraseña escrita aquí la conoce quien la escribe: mientras sea esa, las respuestas 360 de la persona no cuentan para el anonimato.',
    accessLinkHelp:
      'Se enviará por correo un enlace de acceso (vale 7 días) para que la persona elija su contraseña. Sus respuestas 360 contarán para el anonimato cuando, además, un administrador confirme su correo.',
    createdWithLink: 'Usuario creado. Se le envió por correo su enlace de acceso para elegir su contraseña.',
    emailConfirmed: (name: string) =>
      `Correo de «${name}» confirmado: sus respuestas 360 cuentan para el anonimato cuando elija su contraseña con un enlace.`,
    confirmEmailError: 'No se pudo confirmar el correo.',
    confirmEmailQuestion: (name: string, email: string) =>
      `¿Confirmas que «${email}» es el correo propio de «${name}», que nadie más lee (tampoco gestión humana)? Así, la contraseña que elija con un enlace enviado ahí cuenta para el anonimato de las evaluaciones 360.`,
    activated: (name: string) => `Usuario «${name}» activado.`,
    deactivated: (name: string) => `Usuario «${name}» desactivado.`,
    confirmDeactivate: (name: string) =>
      `¿Desactivar a «${name}»? No podrá iniciar sesión hasta que se active de nuevo.`,
    empty: 'No hay usuarios registrados. Crea el primero con «Crear usuario».',
    noMatches: 'Ningún usuario coincide con la búsqueda.',
    adminOnly: 'Solo un administrador puede crear o modificar administradores, o asignar ese rol.',
    categoriesError: 'Error al cargar las categorías.',
    importReadError: 'No se pudo leer el archivo. Verifica que sea un archivo CSV.',
    importTooLarge: 'El archivo es demasiado grande (máximo 1 MB). Divídelo en partes.',
    importPreviewError: 'Error al revisar el archivo.',
    importApplyError: 'Error al aplicar la importación. No se guardó ningún cambio.',
    importNothingValid: 'Ninguna fila se puede importar: corrige los errores y vuelve a elegir el archivo.',
    importIgnored: (columns: string) => `Columnas que no se leen: ${columns}.`,
    /** After an import: the new people without a password were mailed their access link. */
    importedLinksSent: (n: number) =>
      n === 1
        ? 'La persona nueva sin contraseña ya recibió por correo su enlace de acceso para elegir una.'
        : `Las ${n} personas nuevas sin contraseña ya recibieron por correo su enlace de acceso para elegir una.`,
    /** After an import: the new people with a password in the file got no link. */
    importedWithPassword: (n: number) =>
      n === 1
        ? 'La persona creada con la contraseña del archivo no recibió enlace de acceso: si lo necesita, envíaselo con «Enviar enlace de acceso» en su fila de la lista.'
        : `Las ${n} personas creadas con la contraseña del archivo no recibieron enlace de acceso: si alguna lo necesita, envíaselo con «Enviar enlace de acceso» en su fila de la lista.`,
    importedMailLog: 'Lo enviado se ve en Correos.',
    importDone: (created: number, updated: number, skipped: number, linksSent: number) =>
      `Importación aplicada: ${created} creados, ${updated} actualizados y ${skipped} omitidos por errores.` +
      (linksSent === 1
        ? ' Se envió un enlace de acceso a 1 persona nueva sin contraseña.'
        : linksSent > 1
          ? ` Se enviaron enlaces de acceso a ${linksSent} personas nuevas sin contraseña.`
          : ''),
  },
  questionBanks: {
    /** Starter banks (issue 30 §4, decision 054). */
    starter: {
      title: 'Banco inicial',
      hint: 'Parte de un banco con preguntas de competencias y de objetivos ya escritas, y edítalo a tu medida.',
      label: 'Banco para copiar',
      placeholder: 'Elige un banco inicial',
      create: 'Crear copia',
      created: (name: string, questions: number) => `Banco «${name}» creado con ${questions} preguntas.`,
      error: 'No se pudo crear el banco a partir del banco inicial.',
    },
    loadError: 'Error al cargar los bancos de preguntas.',
    saveError: 'Error al guardar el banco de preguntas.',
    deleteError: 'Error al eliminar el banco de preguntas.',
    empty: 'No hay bancos de preguntas. Crea el primero con el formulario.',
    created: 'Banco de preguntas creado.',
    updated: 'Banco de preguntas actualizado.',
    deleted: 'Banco de preguntas eliminado.',
    confirmDelete: (name: string) =>
      `¿Eliminar el banco «${name}» y todas sus preguntas? Esta acción no se puede deshacer.`,
    noSelection: 'Selecciona un banco con «Ver preguntas» para ver y editar sus preguntas.',
    questionsLoadError: 'Error al cargar las preguntas.',
    questionSaveError: 'Error al guardar la pregunta.',
    questionDeleteError: 'Error al eliminar la pregunta.',
    questionsEmpty: 'Este banco aún no tiene preguntas. Agrega la primera con el formulario.',
    questionCreated: 'Pregunta agregada.',
    questionUpdated: 'Pregunta actualizada.',
    questionDeleted: 'Pregunta eliminada.',
    confirmDeleteQuestion: (text: string) =>
      `¿Eliminar la pregunta «${text}»? Esta acción no se puede deshacer.`,
  },
  evaluations: {
    /** The V1 close dialog's figures (issue 30 §3). */
    closePending: (pending: number, total: number) =>
      `Quedan ${pending} de ${total} evaluaciones sin enviar: al cerrar, ya no se podrán enviar.`,
    closeNothingPending: (total: number) =>
      total === 0
        ? 'Esta evaluación no tiene evaluaciones asignadas.'
        : `Las ${total} evaluaciones de esta ronda están enviadas.`,
    closePendingWho: 'Ver quiénes faltan',
    closePendingPair: (evaluator: string, collaborator: string) => `${evaluator} → ${collaborator}`,
    closePendingLoading: 'Cargando lo que queda pendiente',
    closePendingError: 'No se pudo saber cuántas evaluaciones quedan pendientes.',
    closeAnyway: 'Cerrar de todos modos',
    createError: 'Error al crear la evaluación.',
    created: 'Evaluación creada exitosamente.',
    /** Asked to open, but nobody would answer it yet (decision 053): kept as a draft instead. */
    createdAsDraft:
      'Evaluación creada como borrador: todavía ningún evaluador tiene asignado a un colaborador de su categoría. Ábrela desde la lista cuando los hayas asignado.',
    weightsSum: 'La suma de los porcentajes debe ser igual a 100%.',
    loadOneError: 'No se pudo cargar la evaluación.',
    updateError: 'No se pudo actualizar la evaluación.',
    categoriesError: 'Error al cargar las categorías.',
    banksError: 'Error al cargar los bancos de preguntas.',
    loadError: 'Error al cargar las evaluaciones.',
    deleteError: 'Error al eliminar la evaluación.',
    updated: 'Evaluación actualizada exitosamente.',
    deleted: 'Evaluación eliminada.',
    empty: 'No hay evaluaciones registradas. Crea la primera con «Crear Evaluación».',
    confirmDelete: (name: string) =>
      `La evaluación «${name}» será eliminada. Esta acción no se puede deshacer.`,
  },
  v1Release: {
    hint: {
      al_publicar:
        'Cada persona verá su resultado cuando Gestión Humana lo publique; antes, el evaluador puede corregirlo.',
      al_enviar: 'Cada persona verá su resultado en cuanto su evaluador lo envíe; ya no se podrá corregir.',
    },
    confirmRound: (name: string) =>
      `Las personas evaluadas en «${name}» podrán leer sus resultados y recibirán un correo. Las evaluaciones publicadas ya no se pueden corregir. ¿Publicar?`,
    confirmPerson:
      'Esta persona podrá leer sus resultados de esta evaluación y recibirá un correo. Sus evaluaciones publicadas ya no se podrán corregir. ¿Publicar?',
    /** After a release: how many people were told by e-mail (nothing when nobody was). */
    notified: (n: number) => (n === 1 ? 'Se avisó a 1 persona.' : `Se avisó a ${n} personas.`),
    releaseError: 'No se pudieron publicar los resultados.',
    personError: 'No se pudo cargar la publicación de esta persona.',
    reopenError: 'No se pudo reabrir la evaluación.',
    reopenOwn: (collaborator: string) =>
      `La evaluación de ${collaborator} volverá a quedar pendiente: corrígela y envíala de nuevo.`,
    reopenFor: (evaluator: string) =>
      `La evaluación de ${evaluator} volverá a quedar pendiente hasta que la corrija y la envíe de nuevo.`,
    reopenedFor: 'La evaluación quedó abierta para que su evaluador la corrija y la envíe de nuevo.',
    noSubmissions: 'Nadie ha enviado todavía la evaluación de esta persona.',
    corrected: (date: string, by: string | null, reason: string) =>
      by === null ? `Corregida el ${date}: ${reason}` : `Corregida el ${date} por ${by}: ${reason}`,
  },
  staff: {
    evaluatorSaveError: 'Error al guardar el evaluador.',
    evaluatorDeleteError: 'Error al eliminar el evaluador.',
    collaboratorSaveError: 'Error al guardar el colaborador.',
    collaboratorDeleteError: 'Error al eliminar el colaborador.',
    evaluatorsLoadError: 'No se pudieron cargar los evaluadores.',
    evaluatorsEmpty: 'No hay evaluadores. Crea el primero con el formulario.',
    evaluatorCreated: 'Evaluador creado.',
    evaluatorUpdated: 'Evaluador actualizado.',
    evaluatorDeleted: 'Evaluador eliminado.',
    confirmDeleteEvaluator: (name: string) =>
      `¿Eliminar al evaluador «${name}»? Dejará de aparecer en las listas y no podrá iniciar sesión; sus evaluaciones registradas se conservan.`,
    passwordKeep: 'Déjala en blanco para conservar la contraseña actual.',
    collaboratorsLoadError: 'No se pudieron cargar los colaboradores.',
    collaboratorsEmpty: 'No hay colaboradores. Crea el primero con el formulario.',
    collaboratorCreated: 'Colaborador creado.',
    collaboratorUpdated: 'Colaborador actualizado.',
    collaboratorDeleted: 'Colaborador eliminado.',
    confirmDeleteCollaborator: (name: string) =>
      `¿Eliminar al colaborador «${name}»? Dejará de aparecer en las listas; sus evaluaciones registradas se conservan.`,
    collaboratorNoLogin:
      'Sin correo electrónico y contraseña el colaborador no puede iniciar sesión. La contraseña se asigna en Gestión de Usuarios.',
    categoriesLoadError: 'Error al cargar las categorías.',
    noResults: (q: string) => `Sin resultados para «${q}».`,
  },
  assignments: {
    evaluatorsLoadError: 'No se pudieron cargar los evaluadores.',
    noEvaluators: 'No hay evaluadores activos. Créalos en Gestión de Usuarios, con el rol Evaluador.',
    pickEvaluator: 'Elige un evaluador para ver y gestionar sus colaboradores.',
    loadError: 'No se pudieron cargar las asignaciones.',
    empty: 'Este evaluador no tiene colaboradores asignados. Asígnaselos desde «Agregar colaboradores».',
    availableLoadError: 'No se pudieron cargar los colaboradores disponibles.',
    availableEmpty: 'No quedan colaboradores disponibles para este evaluador.',
    noResults: (q: string) => `Sin resultados para «${q}».`,
    noMatches: 'Nadie disponible coincide con la búsqueda y los filtros.',
    addError: 'Error al asignar el colaborador.',
    bulkError: 'No se pudieron asignar las personas.',
    confirmAll: (n: number, evaluator: string, filtered: boolean) =>
      `¿Asignar a «${evaluator}» ${n === 1 ? 'la persona disponible' : `las ${n} personas disponibles`}${filtered ? (n === 1 ? ' que coincide con la búsqueda y los filtros' : ' que coinciden con la búsqueda y los filtros') : ''}?`,
    confirmReportsTo:
      '¿Asignar a cada evaluador activo las personas que le reportan según «Reporta a»? Afecta a todos los evaluadores a la vez; solo agrega, no quita ninguna asignación.',
    reportsToError: 'No se pudieron crear las asignaciones según «Reporta a».',
    removeError: 'Error al quitar la asignación.',
    added: (name: string) => `${name} asignado(a) al evaluador.`,
    removed: 'Asignación eliminada.',
    confirmRemove: (collaborator: string, evaluator: string) =>
      `¿Quitar a «${collaborator}» de los colaboradores de «${evaluator}»?`,
    confirmRemoveEvaluated: (collaborator: string, evaluator: string) =>
      `¿Quitar a «${collaborator}» de los colaboradores de «${evaluator}»? «${evaluator}» ya lo evaluó: ese resultado se conserva en reportes e historial.`,
  },
  evaluationForm: {
    userError: 'Error al obtener información del usuario.',
    categoryError: 'No se pudo obtener la categoría del usuario.',
    noEvaluation: 'No hay evaluaciones disponibles para este colaborador.',
    submitError: 'Ocurrió un error al enviar la evaluación. Inténtalo de nuevo.',
    submitted: 'Evaluación y capacitación guardadas exitosamente.',
    assignmentsError: 'No se pudieron cargar tus colaboradores asignados.',
    evaluatedError: 'No se pudo comprobar qué colaboradores ya fueron evaluados.',
    noAssignments: 'No tienes colaboradores asignados. Pide a Gestión Humana que te los asigne.',
    noAssignmentsFor:
      'Este evaluador no tiene colaboradores asignados. Asígnaselos en Gestión de Asignaciones.',
    questionsError: 'No se pudieron cargar las preguntas de la evaluación.',
    evaluatorsError: 'No se pudieron cargar los evaluadores.',
    noEvaluators: 'No hay evaluadores activos. Créalos en Gestión de Usuarios, con el rol Evaluador.',
    pickEvaluator: 'Elige el evaluador en cuyo nombre vas a evaluar.',
    rateQuestion: 'Selecciona una calificación del 1 al 4 para esta pregunta.',
    allEvaluated: 'Ya evaluaste a todos tus colaboradores asignados.',
    /** A reminder link to a collaborator who is no longer pending for the caller. */
    linkGone: 'Esa evaluación ya no está pendiente.',
  },
  reports: {
    nothingToDownload: 'No hay datos para descargar.',
    noneEvaluated: 'No se encontraron usuarios evaluados.',
    loadError: 'No se pudo obtener el reporte.',
    noPdfData: 'No hay datos para generar el PDF.',
    listLoadError: 'No se pudieron cargar los reportes.',
    downloadError: 'No se pudo descargar el archivo. Inténtalo de nuevo.',
    pdfError: 'No se pudo generar el PDF. Inténtalo de nuevo.',
    noQuestionsOfType: (type: string) => `El banco de preguntas no tiene preguntas de ${type}.`,
  },
  history: {
    noHistory: 'Este colaborador no tiene historial de evaluaciones.',
    loadError: 'No se pudo obtener el historial de evaluaciones.',
    noEvaluations: 'No hay evaluaciones registradas para este colaborador.',
    listEmpty:
      'Todavía no hay colaboradores con evaluaciones registradas. Aparecerán aquí en cuanto se envíe su primera evaluación.',
    noResults: (q: string) => `Sin resultados para «${q}».`,
    pickCollaborator: 'Elige un colaborador con «Ver historial» para ver sus evaluaciones.',
    latestError: 'No se pudo obtener tu último resultado.',
    myEmpty: 'Aún no tienes evaluaciones registradas. Aparecerán aquí cuando se registre la primera.',
    trendSummary: (points: string) =>
      `Evolución del resultado general, de la más antigua a la más reciente: ${points}.`,
    trendCaption:
      'Evolución del resultado general por periodo, de la evaluación más antigua a la más reciente.',
    trendSingle: 'Por ahora hay una sola evaluación: la evolución se verá cuando haya al menos dos.',
  },
  dashboard: {
    loadError: 'No se pudieron cargar las métricas.',
    noEvaluators: 'No hay evaluadores activos. Créalos en Gestión de Usuarios, con el rol Evaluador.',
    noMatches: (q: string) => `Ningún evaluador coincide con «${q}».`,
    noResults:
      'Todavía no hay resultados en las evaluaciones en curso. Aparecerán cuando los evaluadores envíen sus evaluaciones.',
    distributionSummary: (bands: string) => `Colaboradores por rango de resultado: ${bands}.`,
    /** The first run's checklist (issue 30 §4, decision 054). */
    firstSteps: {
      title: 'Primeros pasos',
      intro: (done: number, total: number) =>
        `Prepara tu primera evaluación en este orden: ${done} de ${total} pasos hechos. Cada paso se marca solo al completarlo.`,
      hide: 'Ocultar esta guía',
      done: 'Hecho',
      next: 'Siguiente',
      steps: {
        categories: {
          label: 'Categorías',
          hint: 'Crea los grupos de personal que se evalúan igual (por ejemplo Docentes o Administrativos).',
        },
        question_bank: {
          label: 'Banco de preguntas',
          hint: 'Escribe las preguntas de competencias y de objetivos, o parte de un banco inicial.',
        },
        evaluation: {
          label: 'Evaluación',
          hint: 'Crea la evaluación de cada categoría con su banco y sus pesos.',
        },
        staff: {
          label: 'Personal',
          hint: 'Agrega evaluadores y colaboradores, uno a uno o importando una planilla.',
        },
        assignments: {
          label: 'Asignaciones',
          hint: 'Asigna a cada evaluador los colaboradores que evaluará.',
        },
        open: {
          label: 'Abrir la evaluación',
          hint: 'Ábrela desde Evaluaciones: los evaluadores reciben un correo y pueden empezar.',
        },
      },
    },
  },
  training: {
    loadError: 'No se pudo obtener el reporte de capacitación.',
    empty: 'Ningún evaluador ha indicado necesidades de capacitación.',
    noMatches: (q: string) => `Ningún evaluador o colaborador coincide con «${q}».`,
  },
  evaluationsV2: {
    /** The close dialog's figures (issue 30 §3). */
    closeProgress: (completed: number, total: number) =>
      total === 0
        ? 'Esta evaluación no tiene evaluadores asignados.'
        : completed === total
          ? `Las ${total} asignaciones están completadas.`
          : `Completadas: ${completed} de ${total} asignaciones. Las que faltan ya no se podrán responder.`,
    closeWho: 'Ver quiénes faltan',
    loadError: 'No se pudieron cargar evaluaciones',
    templatesError: 'No se pudieron cargar plantillas',
    createError: 'Error al crear evaluación',
    weightsSum: 'Los pesos deben sumar 100.',
    empty: 'No hay evaluaciones 360. Crea la primera con «Nueva evaluación 360».',
    noResults: (q: string) => `Ninguna evaluación coincide con «${q}».`,
    created: (name: string) => `Evaluación «${name}» creada.`,
    createdNext: 'Añade sus ítems antes de abrirla.',
    confirmOpen: (name: string) =>
      `¿Abrir la evaluación «${name}»? Los evaluadores podrán empezar a responderla y sus ítems quedarán bloqueados: ya no se podrán añadir, cambiar ni quitar.`,
    confirmClose: (name: string) =>
      `¿Cerrar la evaluación «${name}»? Nadie podrá seguir respondiéndola y sus resultados quedarán definitivos. Una evaluación cerrada no se puede reabrir.`,
    confirmDelete: (name: string) =>
      `¿Eliminar la evaluación «${name}»? Se eliminarán también sus ítems y asignaciones. Esta acción no se puede deshacer.`,
    opened: 'Evaluación abierta.',
    closed: 'Evaluación cerrada.',
    deleted: 'Evaluación eliminada.',
    statusError: 'No se pudo cambiar el estado de la evaluación.',
    deleteError: 'No se pudo eliminar la evaluación.',
    templatesEmpty: 'No hay plantillas. Crea una con «Guardar como plantilla» en una evaluación de la lista.',
    templateSaved: 'Plantilla guardada.',
    templateRenamed: 'Plantilla renombrada.',
    templateDeleted: 'Plantilla eliminada.',
    templateSaveError: 'No se pudo guardar la plantilla.',
    templateDeleteError: 'No se pudo eliminar la plantilla.',
    confirmDeleteTemplate: (name: string) =>
      `¿Eliminar la plantilla «${name}»? Las evaluaciones creadas con ella conservan sus ítems. Esta acción no se puede deshacer.`,
    // Draft editing (decision 035).
    updated: (name: string) => `Evaluación «${name}» actualizada.`,
    updateError: 'No se pudo actualizar la evaluación.',
    editHint: 'El nombre, el periodo y los pesos se pueden cambiar mientras la evaluación está en borrador.',
  },
  v2Items: {
    loadError: 'No se pudieron cargar los ítems o las escalas.',
    saveError: 'Error guardando ítems',
    saved: 'Ítems guardados',
    empty: 'Esta evaluación aún no tiene ítems. Agrega el primero con «Agregar ítem».',
    emptyReadOnly: 'Esta evaluación no tiene ítems.',
    editHint:
      'Los cambios (textos, orden, ítems agregados o eliminados) se aplican al pulsar «Guardar ítems».',
    unsaved: 'Hay cambios sin guardar.',
    confirmRemove: (n: number, text: string) =>
      `¿Eliminar el ítem ${n}${text ? ` «${text}»` : ''}? Se quitará de la evaluación al pulsar «Guardar ítems».`,
    readOnly: (status: string) =>
      `Los ítems solo se pueden editar mientras la evaluación está en borrador («Borrador»). Esta evaluación está «${status}».`,
  },
  v2Assignments: {
    loadError: 'No se pudieron cargar las asignaciones.',
    createError: 'No se pudo crear asignaciones.',
    inserted: (n: number) => `Se insertaron ${n} asignación(es).`,
    batchIncomplete: 'Completa evaluator_id, evaluatee_id y relación.',
    selfInvalid: 'Ingresa un user_id válido para autoevaluación.',
    batchEmpty: 'No hay asignaciones en el lote.',
    confirmClear: (n: number) =>
      n === 1
        ? '¿Quitar del lote la asignación preparada? Aún no se ha guardado y se perderá.'
        : `¿Quitar del lote las ${n} asignaciones preparadas? Aún no se han guardado y se perderán.`,
    usersError: 'No se pudieron cargar usuarios',
    currentError: 'No se pudieron cargar asignaciones actuales',
    saveError: 'Error al guardar asignaciones',
    noResults: 'Sin resultados',
    evaluationError: 'No se pudo cargar la evaluación.',
    empty: 'Esta evaluación aún no tiene asignaciones. Agrégalas con «Agregar asignaciones (lote)».',
    noMatches: (q: string) => `Ninguna asignación coincide con «${q}».`,
    usersEmpty: 'No hay usuarios registrados. Créalos en Gestión de Usuarios.',
    usersNoMatches: (q: string) => `Ningún usuario coincide con «${q}».`,
    duplicate: 'Esa asignación ya está en el lote.',
    userUnknown: 'No existe un usuario con ese ID.',
    userInactive: 'Usuario inactivo: no se le pueden asignar evaluaciones.',
    selfNotAllowed: 'Esta evaluación no permite autoevaluación.',
    closed: 'La evaluación está cerrada: sus asignaciones ya no se pueden cambiar.',
    saved: (name: string) => `Evaluadores de ${name} actualizados.`,
    selected: (n: number) => `${n} evaluador(es) seleccionado(s).`,
    confirmRemoveEvaluators: (n: number, name: string) =>
      n === 1
        ? `¿Quitar un evaluador de ${name}? Su evaluación pendiente se eliminará.`
        : `¿Quitar ${n} evaluadores de ${name}? Sus evaluaciones pendientes se eliminarán.`,
    multipleManagersTitle: 'Más de un jefe',
    multipleManagersConfirm: 'Asignar de todos modos',
    // Choosing raters without ids (decision 035).
    noneInserted:
      'No se agregó ninguna asignación nueva: todas las del lote ya estaban asignadas en esta evaluación.',
    lookupUnknown: (id: number) => `El usuario ${id} no existe.`,
    lookupInactive: (id: number) => `El usuario ${id} está inactivo.`,
    batchFlagged: (n: number) =>
      n === 1
        ? 'Una fila del lote tiene un usuario que no existe o está inactivo. Quítala o corrígela antes de guardar el lote.'
        : `${n} filas del lote tienen usuarios que no existen o están inactivos. Quítalas o corrígelas antes de guardar el lote.`,
    lookupError:
      'No se pudo comprobar quiénes son los usuarios del lote; el servidor los revisará al guardar.',
    searchError: 'No se pudo buscar usuarios.',
    relationSaved: (evaluator: string, relation: string) => `Relación de ${evaluator}: ${relation}.`,
    relationError: 'No se pudo cambiar la relación.',
    relationsTitle: 'Relación de cada evaluador',
    relationsEmpty: 'Marca evaluadores en la lista para elegir su relación.',
  },
  evaluationFormV2: {
    loadError: 'No se pudieron cargar tus asignaciones',
    questionsError: 'No se pudieron cargar las preguntas de la evaluación',
    saveError: 'Error al guardar respuestas',
    saved: '¡Respuestas guardadas!',
    empty: 'No tienes evaluaciones 360 asignadas. Cuando te asignen una, aparecerá aquí.',
    noMatches: 'Ninguna asignación coincide con la búsqueda.',
    closed: 'Evaluación cerrada: ya no admite respuestas.',
    noItems: 'Esta evaluación no tiene preguntas.',
    intro: 'Responde cada pregunta o márcala como N/A (no aplica). El comentario es opcional.',
    /** A reminder link to an assignment that is no longer pending for the caller. */
    linkGone: 'Esa evaluación ya no está pendiente.',
  },
  snapshots: {
    none: 'No hay snapshots para esta evaluación.',
    loadError: 'Error al cargar snapshots',
    createError: 'Error al crear snapshot',
    detailError: 'Error al obtener detalle del snapshot',
    created: (label: string) => `Snapshot «${label}» creado.`,
    evaluationsError: 'No se pudieron cargar evaluaciones',
    evaluationError: 'No se pudo cargar la evaluación.',
    noEvaluations: 'No hay evaluaciones 360. Créalas en Evaluaciones 360 (v2).',
    badEvaluation: 'El identificador de la evaluación no es válido.',
    pickEvaluation: 'Elige una evaluación 360 para ver y crear sus snapshots.',
    draft: 'Esta evaluación está en borrador: ábrela para poder tomar snapshots.',
    compareNeedsTwo: 'Se necesitan al menos dos snapshots para comparar.',
    compareDistinct: 'Elige dos snapshots distintos para comparar.',
    hidden: (k: number) =>
      `Oculto para proteger el anonimato: los grupos de pares o de colaboradores directos con menos de ${k} evaluaciones completadas no se muestran por separado, y «Otros» no se muestra cuando incluiría a esos evaluadores.`,
    belowThreshold: (k: number) =>
      `Vista de administración: este grupo tiene menos de ${k} evaluaciones completadas y Gestión Humana no lo ve por separado.`,
    empty: 'Sin valor: nadie de ese grupo ha respondido o la relación no tiene asignaciones.',
    completionOnly:
      'Este snapshot se tomó con la evaluación abierta: solo muestra el avance. Los resultados se publican al cerrar la evaluación.',
    createdCompletionOnly:
      'La evaluación está abierta: este snapshot guarda para Gestión Humana solo el avance. Los resultados se publican al cerrar la evaluación.',
    adminNotReleased:
      'Vista de administración: este snapshot se tomó con la evaluación abierta y Gestión Humana solo ve su avance.',
    compareCompletionOnly:
      'Al menos uno de los dos snapshots se tomó con la evaluación abierta: la comparación muestra solo el avance. Los resultados se publican al cerrar la evaluación.',
    completionCells: 'Cada celda indica las evaluaciones completadas de las asignadas.',
  },
  v2Release: {
    evaluationLabel: 'Compartir los resultados de cada persona',
    openHint:
      'Se aplica cuando la evaluación se cierre. Hasta entonces solo administración ve los resultados; gestión humana, el avance.',
    closedHint: 'Al compartirlos, cada persona que pueda leerlos recibe un correo (una sola vez).',
    saved: 'Publicación guardada.',
    saveError: 'No se pudo guardar la publicación.',
    loadError: 'No se pudo cargar la publicación de resultados.',
    peopleTitle: 'Por persona',
    asEvaluation: (label: string) => `Como la evaluación (${label})`,
    personSaved: (name: string) => `Publicación de ${name} guardada.`,
    overrides: (n: number) =>
      n === 1 ? '1 persona tiene su propia publicación.' : `${n} personas tienen su propia publicación.`,
    confirmTitle: 'Compartir resultados',
    confirmText:
      'Las personas que ahora puedan leer sus resultados (o los de su equipo) los verán de inmediato, y cada persona evaluada recibirá un correo. ¿Continuar?',
    teamEmpty: 'Nadie de tu equipo tiene resultados 360 de evaluaciones cerradas.',
    teamError: 'No se pudieron cargar los resultados de tu equipo.',
    notAvailable: 'Aún no disponibles',
  },
  v2Results: {
    loadError: 'No se pudieron cargar los resultados.',
    summaryError: 'No se pudo cargar el resumen de la evaluación.',
    evaluationError: 'No se pudo cargar la evaluación.',
    evaluateesError: 'No se pudieron cargar las personas evaluadas.',
    noEvaluatees: 'Esta evaluación aún no tiene personas evaluadas. Asígnales evaluadores en «Asignaciones».',
    noMatches: 'Ninguna persona coincide con la búsqueda.',
    noDistribution: 'Aún no hay resultados que mostrar en la distribución.',
    scoredNote: (scored: number, total: number) =>
      `El promedio y la distribución incluyen ${scored} de ${total} personas evaluadas (las demás aún no tienen resultados visibles).`,
    distributionSummary: (list: string) => `Distribución del resultado general de «Otros»: ${list}.`,
    groupsSummary: (list: string) => `Resultado por grupo de evaluadores: ${list}.`,
    noGroupFigures: 'Aún no hay resultados por grupo que mostrar.',
    noItems: 'Esta evaluación no tiene preguntas.',
    noComments: 'No hay comentarios visibles.',
    hidden: (n: number | null) =>
      n === null
        ? 'Oculto para proteger el anonimato'
        : `Oculto para proteger el anonimato (menos de ${n} evaluadores)`,
    adminOnly: 'Visible solo para administración (por debajo del mínimo de anonimato)',
    noAnswers: 'Sin respuestas',
    denied: 'No tienes permisos para acceder a esta página.',
    notYet: 'Los resultados estarán disponibles cuando se cierre la evaluación.',
    exportError: 'No se pudo descargar el archivo. Inténtalo de nuevo.',
    mineError: 'No se pudieron cargar tus resultados 360.',
    mineEmpty:
      'Aún no tienes resultados 360 disponibles. Aparecerán aquí cuando se cierre una evaluación en la que te hayan evaluado.',
    notReleasedTitle: 'Resultados aún no publicados',
    notReleased:
      'Los resultados de cada persona se publican cuando la evaluación se cierra. Mientras siga abierta solo se muestra el avance.',
    exportsAtClose: 'La exportación a PDF y Excel estará disponible cuando se cierre la evaluación.',
    summaryNotReleased:
      'El promedio general y la distribución de resultados se publican cuando la evaluación se cierra. Mientras siga abierta solo se muestra el avance.',
    counted: (counted: number, completed: number) =>
      `${counted} de ${completed} ${counted === 1 ? 'cuenta' : 'cuentan'} para el anonimato`,
    countedWhy:
      'Para el mínimo de anonimato no cuentan las respuestas de quien puede leer resultados (administración y gestión humana), ni las dadas cuando gestión humana podía conocer la contraseña del evaluador (la eligió gestión humana, o la eligió la persona con un enlace a un correo que ningún administrador había confirmado), ni las que esperan esa confirmación. En los evaluadores de cada persona se ve por qué no cuenta cada uno y qué falta para que cuente.',
  },
  setup: {
    done: 'La configuración inicial ya se completó.',
    created: 'Administrador creado. Ya puedes iniciar sesión.',
    mismatch: 'Las contraseñas no coinciden.',
    noToken:
      'Este enlace no trae su clave de configuración. Abre el enlace completo que el servidor escribió al iniciar.',
    createError: 'No se pudo crear el administrador. Inténtalo de nuevo.',
  },
  mail: {
    loadError: 'No se pudieron cargar los correos.',
    empty: 'Todavía no se ha enviado ningún correo.',
    noMatches: 'Ningún correo coincide con la búsqueda o el filtro.',
    resendError: 'No se pudo reenviar el correo.',
    resent: (to: string) => `El correo a ${to} volvió a la cola de envío.`,
    confirmResend: (subject: string, to: string) =>
      `¿Reenviar «${subject}» a ${to}? Se enviará otra vez con el mismo contenido.`,
    frameTitle: (subject: string) => `Contenido del correo «${subject}»`,
  },
  access: {
    sendError: 'No se pudo enviar el enlace de acceso.',
    requestError: 'No se pudo enviar la solicitud. Inténtalo de nuevo.',
    saveError: 'No se pudo guardar la contraseña. Inténtalo de nuevo.',
    mismatch: 'Las nuevas contraseñas no coinciden.',
    confirmRequired: 'Repite la nueva contraseña.',
  },
  deadlines: {
    dueOn: (day: string) => `Vence el ${day}`,
    overdue: 'Vencida',
    noDueDate: 'Sin fecha límite',
    dueDateHint: 'Opcional. Desde el día siguiente, el trabajo pendiente figura como vencido.',
    dueDateSaved: 'Fecha límite guardada.',
    pastTitle: 'La fecha límite ya pasó',
    pastConfirm: (day: string) =>
      `El ${day} ya pasó: todo lo pendiente figurará como vencido desde hoy y quienes tengan trabajo pendiente recibirán recordatorios de vencimiento. Si es la fecha correcta, guarda otra vez para confirmarla.`,
    dueDateError: 'No se pudo guardar la fecha límite.',
    reminderError: 'No se pudo enviar el recordatorio.',
    /** `waiting`: people with pending work who got this reminder within the last `hours` (decision 042). */
    reminderQuestion: (n: number, waiting = 0, hours = 24) =>
      `Se enviará un recordatorio a ${n} persona(s) con evaluaciones pendientes.` +
      (waiting > 0
        ? ` ${waiting} persona(s) ya recibieron uno en las últimas ${hours} horas y no lo recibirán ahora.`
        : '') +
      ' ¿Continuar?',
    remindersSent: (n: number) => `Se enviaron ${n} recordatorio(s).`,
  },
  audit: {
    loadError: 'No se pudo cargar el registro de auditoría.',
    usersError: 'No se pudieron cargar los usuarios del filtro.',
    empty: 'El registro de auditoría está vacío.',
    noMatches: 'Ningún registro coincide con los filtros.',
    noChanges: 'Este registro no guarda valores anteriores ni posteriores.',
    rangeOrder: 'La fecha inicial no puede ser posterior a la fecha final.',
  },
} as const;
