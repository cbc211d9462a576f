import { z } from 'zod';
import { roleSchema } from './auth';
import { endpoint } from './endpoint';
import { textCheck } from './text';

/**
 * Staff import (Gestión de Usuarios → «Importar personal»): a CSV file's text is previewed, then
 * applied. Rows are matched to existing users by e-mail (case-insensitive): a known e-mail updates
 * that user, a new one creates a user without password (decision 013) unless the file has a
 * password column.
 */

/** The most data rows one file may hold (the header line aside). */
export const USERS_IMPORT_MAX_ROWS = 5000;
/** The most characters of CSV text one call accepts (the request body limit is 1 MB). */
export const USERS_IMPORT_MAX_CHARS = 1_000_000;

/** The columns, by field: the Spanish header first (the template's), then the accepted aliases. */
export const USERS_IMPORT_COLUMNS = {
  name: ['nombre', 'nombre completo', 'name', 'full name'],
  email: ['correo', 'correo electronico', 'email', 'e-mail', 'mail'],
  role: ['rol', 'role'],
  position: ['puesto', 'cargo', 'position'],
  department: ['departamento', 'area', 'department'],
  category: ['categoria', 'category'],
  password: ['contraseña', 'clave', 'password'],
  /** 'Reporta a' (decision 036): the manager's e-mail, who may be a row further down the file. */
  manager: ['reporta_a', 'correo del jefe', 'jefe', 'manager', 'reports to'],
} as const;
export type UsersImportField = keyof typeof USERS_IMPORT_COLUMNS;
/** Columns a file must have. */
export const USERS_IMPORT_REQUIRED: readonly UsersImportField[] = ['name', 'email', 'role'];

export const usersImportRequestSchema = z.object({
  csv: z
    .string({ error: 'El contenido del archivo es obligatorio.' })
    .min(1, { error: 'El archivo está vacío.' })
    .max(USERS_IMPORT_MAX_CHARS, { error: 'El archivo es demasiado grande (máximo 1 MB).' })
    // Well-formed Unicode here; each cell is then checked as a one-line text (rows.ts).
    .check(textCheck('any')),
});
export type UsersImportRequest = z.infer<typeof usersImportRequestSchema>;

export const USERS_IMPORT_ACTIONS = ['create', 'update', 'error'] as const;
export type UsersImportAction = (typeof USERS_IMPORT_ACTIONS)[number];

/** One data row of the file as read, and what applying it would do. */
export const usersImportRowSchema = z.object({
  /** The file line the row starts on (the header is line 1). */
  line: z.number().int(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  /** The role understood, or null when the cell is empty or not a role. */
  role: roleSchema.nullable(),
  position: z.string().nullable(),
  department: z.string().nullable(),
  /** The category's name as stored when found, else the cell's text. */
  category: z.string().nullable(),
  /** 'Reporta a': the manager's e-mail; present only when the file has that column. */
  manager: z.string().nullable().optional(),
  action: z.enum(USERS_IMPORT_ACTIONS),
  /** Why the row cannot be applied (Spanish sentences); empty unless action is 'error'. */
  errors: z.array(z.string()),
});
export type UsersImportRow = z.infer<typeof usersImportRowSchema>;

export const usersImportCountsSchema = z.object({
  create: z.number().int(),
  update: z.number().int(),
  error: z.number().int(),
});
export type UsersImportCounts = z.infer<typeof usersImportCountsSchema>;

export const usersImportPreviewSchema = z.object({
  rows: z.array(usersImportRowSchema),
  counts: usersImportCountsSchema,
  /** Header cells that name no known column (their values are not read). */
  ignoredColumns: z.array(z.string()),
});
export type UsersImportPreview = z.infer<typeof usersImportPreviewSchema>;

export const usersImportResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  /** Rows with errors, left out. */
  skipped: z.number().int(),
  /** New people without a password who were mailed an access link (decision 033). */
  links_sent: z.number().int(),
});
export type UsersImportResult = z.infer<typeof usersImportResultSchema>;

export const usersImportEndpoints = {
  /** What applying the file would do (writes nothing). */
  preview: endpoint({
    method: 'POST',
    path: '/api/users/import/preview',
    body: usersImportRequestSchema,
    response: usersImportPreviewSchema,
  }),
  /** Applies the file's valid rows. */
  apply: endpoint({
    method: 'POST',
    path: '/api/users/import/apply',
    body: usersImportRequestSchema,
    response: usersImportResultSchema,
  }),
};

/** The server's sentences (issue 29 §6: every sentence the server sends lives in contracts). */
export const CSV_MESSAGES = {
  empty: 'El archivo está vacío.',
  unclosedQuote: (line: number) => `Hay unas comillas sin cerrar a partir de la línea ${line}.`,
} as const;

/** The server's sentences (issue 29 §6: every sentence the server sends lives in contracts). */
export const IMPORT_MESSAGES = {
  duplicateColumn: (header: string) => `La columna «${header}» aparece más de una vez.`,
  missingColumns: (names: string[]) =>
    names.length === 1
      ? `Falta la columna obligatoria «${names[0]}» en la primera línea.`
      : `Faltan las columnas obligatorias ${names.map((n) => `«${n}»`).join(', ')} en la primera línea.`,
  noRows: 'El archivo no tiene filas de datos después de la línea de encabezados.',
  tooManyRows: (n: number) =>
    `El archivo tiene ${n} filas; el máximo es ${USERS_IMPORT_MAX_ROWS} por importación. Divídelo en partes.`,
  nameRequired: 'El nombre es obligatorio.',
  tooLong: (field: string, max: number) => `${field} admite como máximo ${max} caracteres.`,
  /** "El nombre: el texto no puede contener saltos de línea." (a cell holding a control character). */
  badText: (field: string, problem: string) =>
    `${field}: ${problem.charAt(0).toLowerCase()}${problem.slice(1)}`,
  roleRequired: 'El rol es obligatorio para un usuario nuevo.',
  roleUnknown: (text: string) =>
    `El rol «${text}» no es válido; usa admin, gestionhumana, evaluador o colaborador.`,
  categoryUnknown: (text: string) => `La categoría «${text}» no existe.`,
  duplicateEmail: (line: number) => `El correo electrónico ya aparece en la línea ${line} del archivo.`,
  lastAdmin: 'Debe quedar al menos un administrador activo: esta fila quitaría el rol al último.',
  managerUnknown: (email: string) =>
    `Reporta a: no hay ningún usuario con el correo «${email}», ni en la base ni en el archivo.`,
  managerInactive: (email: string) => `Reporta a: el usuario con el correo «${email}» no está activo.`,
  managerSelf: 'Reporta a: una persona no puede reportarse a sí misma.',
  managerCycle:
    'Reporta a: esta fila formaría un ciclo (el jefe reporta, directa o indirectamente, a esta persona).',
  managerInError: (email: string) =>
    `Reporta a: la fila del correo «${email}» tiene errores y no se importa.`,
} as const;
