/** The Spanish texts of 'Análisis 360' (issue 19, decision 037). */
export const v2InsightMessages = {
  back: 'Volver a Resultados 360',
  loading: 'Cargando análisis',
  loadError: 'No se pudo cargar el análisis.',
  invalid: 'No se pudo cargar la evaluación.',
  export: 'Exportar a Excel',
  exportError: 'No se pudo descargar el archivo. Inténtalo de nuevo.',
  progress: (completed: number, total: number, percent: string) =>
    `Avance: ${completed} de ${total} evaluaciones completadas (${percent}).`,
  noPeople: 'Esta evaluación aún no tiene personas evaluadas.',
  sectionsHeading: 'Mapa de calor por sección',
  itemsHeading: 'Mapa de calor por pregunta',
  heatIntro:
    'Cada celda es el resultado de «Otros» (todos los evaluadores menos la autoevaluación), de 0 a 100 %. Los promedios por departamento y el general usan solo las cifras que se muestran.',
  scrollRegion: (heading: string) => `Tabla desplazable: ${heading}`,
  scrollHint: 'Si la tabla no cabe, desplázala horizontalmente dentro de su recuadro.',
  withheld: 'Oculto',
  withheldLong: 'No se muestra (anonimato)',
  withheldLegend:
    'Oculto: la cifra existe, pero los resultados de esa persona no la muestran para proteger el anonimato (grupo con menos respuestas que el mínimo).',
  none: 'Sin datos',
  noneLegend: '—: nadie respondió esa pregunta o sección.',
  adminOnly: 'solo administración',
  adminLegend: '*: cifra que solo ve administración; nadie más la ve.',
  questions: 'Preguntas',
  person: 'Persona',
  department: 'Departamento',
  noDepartment: 'Sin departamento',
  averageOf: (label: string) => `Promedio · ${label}`,
  averagePeople: (n: number) => `promedio de ${n} ${n === 1 ? 'persona' : 'personas'}`,
  gapsHeading: 'Puntos ciegos y fortalezas ocultas',
  gapsIntro:
    'Las preguntas con mayor diferencia entre la autoevaluación y «Otros», solo donde ambas cifras se muestran. Punto ciego: la persona se valora más que los demás. Fortaleza oculta: los demás la valoran más.',
  gapsNone:
    'No hay puntos ciegos ni fortalezas ocultas que mostrar: hacen falta la autoevaluación y el resultado de «Otros» visibles en una misma pregunta.',
  blindSpot: 'Punto ciego',
  hiddenStrength: 'Fortaleza oculta',
  gapsChart: (name: string, list: string) => `Autoevaluación y «Otros» de ${name}: ${list}.`,
  comparisonHeading: 'Comparación con el 360 anterior',
  comparisonIntro:
    'Resultado general de «Otros» en esta evaluación y en el 360 cerrado más reciente en que se evaluó a la misma persona con un resultado visible.',
  comparisonNone: 'Ninguna de estas personas tiene un 360 anterior cerrado con un resultado visible.',
  comparisonChart: (list: string) => `Resultado general anterior y actual: ${list}.`,
  noPrevious: 'Sin 360 anterior',
  distributionHeading: 'Distribución por relación',
  distributionIntro:
    'Cuántas personas tienen cada resultado general por grupo de evaluadores, en tramos de 10 puntos. Solo cuentan las cifras que se muestran.',
  distributionNone: 'Aún no hay resultados por relación que mostrar.',
  distributionChart: (list: string) => `Personas por tramo de resultado y relación: ${list}.`,
} as const;
