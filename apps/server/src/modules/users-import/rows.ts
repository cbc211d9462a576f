import {
  ROLES,
  USERS_IMPORT_COLUMNS,
  USERS_IMPORT_MAX_ROWS,
  USERS_IMPORT_REQUIRED,
  emailSchema,
  newPasswordSchema,
  textProblem,
  type Role,
  type UsersImportField,
  IMPORT_MESSAGES,
} from '@evalua/contracts';
import { badRequest } from '../../http/errors';
import { CsvError, foldKey, readCsv } from './csv';

/**
 * From CSV text to import rows: which column is which field (Spanish headers or English aliases,
 * case- and accent-insensitive), and each row's values with the checks that need no database.
 */

const MAX_TEXT = 120;

/** Role cells, folded: the wire values and the Spanish labels (ROLE_LABELS), in both genders. */
const ROLE_WORDS: Record<string, Role> = {
  ...Object.fromEntries(ROLES.map((r) => [r, r])),
  administrador: 'admin',
  administradora: 'admin',
  'gestion humana': 'gestionhumana',
  evaluadora: 'evaluador',
  colaboradora: 'colaborador',
};

export function roleOf(text: string): Role | null {
  return ROLE_WORDS[foldKey(text)] ?? null;
}

const FIELD_BY_HEADER = new Map<string, UsersImportField>(
  (Object.entries(USERS_IMPORT_COLUMNS) as Array<[UsersImportField, readonly string[]]>).flatMap(
    ([field, names]) => names.map((n) => [foldKey(n), field] as [string, UsersImportField]),
  ),
);

/** A row as read from the file, before the database has a say. */
export interface ReadRow {
  line: number;
  name: string | null;
  email: string | null;
  /** The role cell's text (null when empty) and the role it names (null when none). */
  roleText: string | null;
  role: Role | null;
  position: string | null;
  department: string | null;
  categoryText: string | null;
  password: string | null;
  /** 'Reporta a': the manager's e-mail, lower-cased (null when the cell is empty). */
  managerEmail: string | null;
  errors: string[];
}

export interface ReadFile {
  /** The optional fields whose column the file has (absent ones keep an existing user's value). */
  columns: ReadonlySet<UsersImportField>;
  ignoredColumns: string[];
  rows: ReadRow[];
}

function textOrNull(value: string | undefined): string | null {
  const v = (value ?? '').trim();
  return v === '' ? null : v;
}

function firstIssue(result: { success: boolean; error?: { issues: Array<{ message: string }> } }) {
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

/** Reads and checks a file; a file that cannot be read at all (no header, a missing column) is a 400. */
export function readImportFile(csv: string): ReadFile {
  let table;
  try {
    table = readCsv(csv);
  } catch (err) {
    if (err instanceof CsvError) throw badRequest(err.message, 'body.csv');
    throw err;
  }

  const index = new Map<UsersImportField, number>();
  const ignoredColumns: string[] = [];
  table.header.cells.forEach((cell, i) => {
    const header = cell.trim();
    if (header === '') return;
    const field = FIELD_BY_HEADER.get(foldKey(header));
    if (!field) ignoredColumns.push(header);
    else if (index.has(field)) throw badRequest(IMPORT_MESSAGES.duplicateColumn(header), 'body.csv');
    else index.set(field, i);
  });
  const missing = USERS_IMPORT_REQUIRED.filter((f) => !index.has(f)).map((f) => USERS_IMPORT_COLUMNS[f][0]);
  if (missing.length > 0) throw badRequest(IMPORT_MESSAGES.missingColumns(missing), 'body.csv');
  if (table.records.length === 0) throw badRequest(IMPORT_MESSAGES.noRows, 'body.csv');
  if (table.records.length > USERS_IMPORT_MAX_ROWS) {
    throw badRequest(IMPORT_MESSAGES.tooManyRows(table.records.length), 'body.csv');
  }

  const firstLineOf = new Map<string, number>();
  const rows = table.records.map((record): ReadRow => {
    const cell = (field: UsersImportField) => {
      const i = index.get(field);
      return i === undefined ? null : textOrNull(record.cells[i]);
    };
    const errors: string[] = [];
    /** A one-line text cell (decision 022): a quoted cell may hold line breaks or control characters. */
    const checkText = (value: string | null, field: string): boolean => {
      const problem = value === null ? null : textProblem(value, 'single');
      if (problem !== null) errors.push(IMPORT_MESSAGES.badText(field, problem));
      return problem === null;
    };
    const name = cell('name');
    if (name === null) errors.push(IMPORT_MESSAGES.nameRequired);
    else if (name.length > MAX_TEXT) errors.push(IMPORT_MESSAGES.tooLong('El nombre', MAX_TEXT));
    checkText(name, 'El nombre');

    let email = cell('email');
    const emailError = firstIssue(emailSchema.safeParse(email ?? ''));
    if (emailError) errors.push(emailError);
    else if (email !== null) {
      email = email.toLowerCase();
      const first = firstLineOf.get(email);
      if (first !== undefined) errors.push(IMPORT_MESSAGES.duplicateEmail(first));
      else firstLineOf.set(email, record.line);
    }

    const roleText = cell('role');
    const role = roleText === null ? null : roleOf(roleText);
    if (roleText !== null && role === null && checkText(roleText, 'El rol')) {
      errors.push(IMPORT_MESSAGES.roleUnknown(roleText));
    }

    const position = cell('position');
    if (position !== null && position.length > MAX_TEXT) {
      errors.push(IMPORT_MESSAGES.tooLong('El puesto', MAX_TEXT));
    }
    checkText(position, 'El puesto');
    const department = cell('department');
    if (department !== null && department.length > MAX_TEXT) {
      errors.push(IMPORT_MESSAGES.tooLong('El departamento', MAX_TEXT));
    }
    checkText(department, 'El departamento');
    const categoryText = cell('category');
    checkText(categoryText, 'La categoría');
    const managerText = cell('manager');
    const managerEmail =
      managerText !== null && checkText(managerText, 'Reporta a') ? managerText.toLowerCase() : null;

    // Passwords are taken as written (spaces included), like the password fields of the forms.
    const passwordIndex = index.get('password');
    const rawPassword = passwordIndex === undefined ? '' : (record.cells[passwordIndex] ?? '');
    const password = rawPassword === '' ? null : rawPassword;
    if (password !== null) {
      const passwordError = firstIssue(newPasswordSchema.safeParse(password));
      if (passwordError) errors.push(passwordError);
    }

    return {
      line: record.line,
      name,
      email,
      roleText,
      role,
      position,
      department,
      categoryText,
      password,
      managerEmail,
      errors,
    };
  });
  return { columns: new Set(index.keys()), ignoredColumns, rows };
}
