import type { QuestionType, StarterBank } from '@evalua/contracts';

type StarterQuestion = readonly [text: string, type: QuestionType];

/**
 * The questions of each starter bank (decision 054): what a school usually asks of each kind of staff,
 * competencies first, then objectives; a copy is made for the school, which edits it freely.
 */
export const STARTER_QUESTIONS: Record<StarterBank, readonly StarterQuestion[]> = {
  docente: [
    ['Planifica sus clases con objetivos de aprendizaje claros y alineados al currículo.', 'competency'],
    ['Usa estrategias variadas que atienden la diversidad de sus estudiantes.', 'competency'],
    ['Mantiene un clima de aula respetuoso, ordenado y propicio para aprender.', 'competency'],
    ['Evalúa el aprendizaje con criterios conocidos y devuelve resultados a tiempo.', 'competency'],
    ['Se comunica con las familias de forma oportuna y respetuosa.', 'competency'],
    ['Colabora con sus colegas y participa en la vida del centro.', 'competency'],
    ['Cumple la planificación del periodo en los plazos acordados.', 'objective'],
    ['Mejora los resultados de aprendizaje de sus grupos respecto al periodo anterior.', 'objective'],
    ['Completa las horas de formación continua acordadas para el año.', 'objective'],
  ],
  administrativo: [
    ['Realiza su trabajo con exactitud y sin necesidad de correcciones.', 'competency'],
    ['Organiza su tiempo y cumple los plazos de sus tareas.', 'competency'],
    ['Atiende a familias, estudiantes y colegas con amabilidad y diligencia.', 'competency'],
    ['Maneja la información del centro con discreción y confidencialidad.', 'competency'],
    ['Propone mejoras a los procesos de su área.', 'competency'],
    ['Mantiene al día los registros y expedientes a su cargo.', 'objective'],
    ['Responde las solicitudes dentro del tiempo acordado.', 'objective'],
    ['Cumple las metas de su área fijadas para el periodo.', 'objective'],
  ],
  apoyo: [
    ['Cumple su horario y sus tareas con responsabilidad.', 'competency'],
    ['Sigue las normas de seguridad e higiene del centro.', 'competency'],
    ['Trata con respeto a estudiantes, familias y compañeros.', 'competency'],
    ['Cuida los materiales, equipos e instalaciones a su cargo.', 'competency'],
    ['Mantiene las áreas asignadas en las condiciones acordadas.', 'objective'],
    ['Atiende a tiempo las solicitudes de mantenimiento o apoyo.', 'objective'],
  ],
};
