import type { QuestionType } from '@evalua/contracts';

/** Realistic Spanish question banks for the demo school, one per category. */
export interface DemoBank {
  category: 'Docentes' | 'Administrativos' | 'Personal de apoyo';
  name: string;
  description: string;
  evaluation: { name: string; weight_competencies: number; weight_objectives: number };
  questions: Array<[QuestionType, string]>;
}

export const DEMO_BANKS: DemoBank[] = [
  {
    category: 'Docentes',
    name: 'Banco de desempeño docente',
    description: 'Competencias pedagógicas y metas del año escolar.',
    evaluation: { name: 'Evaluación de desempeño docente', weight_competencies: 60, weight_objectives: 40 },
    questions: [
      ['competency', 'Planifica sus clases con objetivos claros y actividades adecuadas al grado.'],
      ['competency', 'Mantiene un clima de aula respetuoso que favorece el aprendizaje.'],
      ['competency', 'Usa estrategias de evaluación formativa y retroalimenta a sus estudiantes.'],
      ['competency', 'Se comunica de forma oportuna y cordial con las familias.'],
      ['competency', 'Colabora con sus colegas y participa en las reuniones del departamento.'],
      ['objective', 'Cumplió el programa del año escolar según la planificación anual.'],
      ['objective', 'Al menos el 85 % de sus estudiantes aprobó la asignatura.'],
      ['objective', 'Completó las horas de formación continua previstas.'],
    ],
  },
  {
    category: 'Administrativos',
    name: 'Banco de desempeño administrativo',
    description: 'Servicio, organización y cumplimiento de procesos.',
    evaluation: {
      name: 'Evaluación de desempeño administrativo',
      weight_competencies: 50,
      weight_objectives: 50,
    },
    questions: [
      ['competency', 'Atiende a estudiantes, familias y colegas con amabilidad y diligencia.'],
      ['competency', 'Organiza su trabajo y cumple los plazos acordados.'],
      ['competency', 'Maneja la información confidencial con discreción.'],
      ['competency', 'Propone mejoras a los procesos de su área.'],
      ['objective', 'Entregó los reportes del período sin errores y a tiempo.'],
      ['objective', 'Redujo los tiempos de respuesta a las solicitudes de su área.'],
      ['objective', 'Mantuvo los expedientes a su cargo completos y actualizados.'],
    ],
  },
  {
    category: 'Personal de apoyo',
    name: 'Banco de personal de apoyo',
    description: 'Seguridad, cuidado de las instalaciones y trato con la comunidad escolar.',
    evaluation: { name: 'Evaluación del personal de apoyo', weight_competencies: 70, weight_objectives: 30 },
    questions: [
      ['competency', 'Cumple las normas de seguridad e higiene del centro.'],
      ['competency', 'Es puntual y cumple su horario.'],
      ['competency', 'Trata con respeto a estudiantes, familias y personal.'],
      ['competency', 'Cuida los materiales y equipos a su cargo.'],
      ['objective', 'Mantuvo las áreas asignadas limpias y en buen estado durante el período.'],
      ['objective', 'Atendió las solicitudes de mantenimiento en el tiempo acordado.'],
    ],
  },
];
