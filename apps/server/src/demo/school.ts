/** The demo school's people: realistic Dominican names, departments and positions. */

export const DEMO_PASSWORD = 'Demo-Evalua-2026';
export const DEMO_DOMAIN = 'demo.evalua.do';

export const DEMO_CATEGORIES = ['Docentes', 'Administrativos', 'Personal de apoyo'] as const;
type CategoryName = (typeof DEMO_CATEGORIES)[number];

export interface DemoPerson {
  name: string;
  role: 'admin' | 'gestionhumana' | 'evaluador' | 'colaborador';
  position: string;
  department: string;
  category: CategoryName;
}

const FIRST = [
  'María',
  'José',
  'Ana',
  'Luis',
  'Carmen',
  'Juan',
  'Rosa',
  'Pedro',
  'Altagracia',
  'Rafael',
  'Yokasta',
  'Miguel',
  'Francisca',
  'Ramón',
  'Mercedes',
  'Julio',
  'Ysabel',
  'Manuel',
  'Dulce',
  'Héctor',
];
const LAST = [
  'Rodríguez',
  'Pérez',
  'Martínez',
  'García',
  'Santana',
  'Reyes',
  'Núñez',
  'Jiménez',
  'Peña',
  'Fernández',
  'Almonte',
  'Báez',
  'Castillo',
  'De la Cruz',
  'Guzmán',
  'Tavárez',
  'Polanco',
  'Vásquez',
  'Mejía',
  'Cabrera',
];

const TEACHING = [
  ['Docente de Matemáticas', 'Matemáticas'],
  ['Docente de Lengua Española', 'Lengua Española'],
  ['Docente de Ciencias Naturales', 'Ciencias Naturales'],
  ['Docente de Ciencias Sociales', 'Ciencias Sociales'],
  ['Docente de Inglés', 'Lenguas Extranjeras'],
  ['Docente de Educación Física', 'Educación Física'],
  ['Docente de Educación Artística', 'Educación Artística'],
] as const;
const ADMINISTRATIVE = [
  ['Secretaria docente', 'Secretaría'],
  ['Contador', 'Administración'],
  ['Orientadora', 'Orientación y Psicología'],
  ['Bibliotecaria', 'Biblioteca'],
] as const;
const SUPPORT = [
  ['Conserje', 'Mantenimiento'],
  ['Portero', 'Seguridad'],
  ['Auxiliar de cocina', 'Alimentación escolar'],
] as const;

/** The i-th demo name; every 20 the surname shifts, so no two people share a full name. */
function nameAt(i: number): string {
  const round = Math.floor(i / FIRST.length);
  return `${FIRST[i % FIRST.length]} ${LAST[(i * 7 + 3 + round * 11) % LAST.length]}`;
}

/** 40 people: 1 admin, 2 HR, 6 evaluators (coordinators), 31 collaborators. Deterministic. */
export function demoPeople(): DemoPerson[] {
  const people: DemoPerson[] = [
    {
      name: 'Altagracia Mejía',
      role: 'admin',
      position: 'Directora',
      department: 'Dirección',
      category: 'Administrativos',
    },
    {
      name: 'Ramón Tavárez',
      role: 'gestionhumana',
      position: 'Encargado de Gestión Humana',
      department: 'Gestión Humana',
      category: 'Administrativos',
    },
    {
      name: 'Dulce Polanco',
      role: 'gestionhumana',
      position: 'Analista de Gestión Humana',
      department: 'Gestión Humana',
      category: 'Administrativos',
    },
  ];
  const coordinators = [
    'Matemáticas',
    'Lengua Española',
    'Ciencias Naturales',
    'Ciencias Sociales',
    'Administración',
    'Mantenimiento',
  ];
  coordinators.forEach((dept, i) => {
    people.push({
      name: nameAt(i + 40),
      role: 'evaluador',
      position: `Coordinador(a) de ${dept}`,
      department: dept,
      category:
        dept === 'Administración'
          ? 'Administrativos'
          : dept === 'Mantenimiento'
            ? 'Personal de apoyo'
            : 'Docentes',
    });
  });
  for (let i = 0; i < 31; i += 1) {
    const [position, department, category] =
      i < 20
        ? [...TEACHING[i % TEACHING.length]!, 'Docentes' as const]
        : i < 27
          ? [...ADMINISTRATIVE[i % ADMINISTRATIVE.length]!, 'Administrativos' as const]
          : [...SUPPORT[i % SUPPORT.length]!, 'Personal de apoyo' as const];
    people.push({ name: nameAt(i), role: 'colaborador', position, department, category });
  }
  return people;
}

export function demoEmail(name: string, index: number): string {
  const base = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .trim()
    .split(/\s+/);
  return `${base[0]}.${base[base.length - 1]}${index}@${DEMO_DOMAIN}`;
}
