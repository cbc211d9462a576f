import { USERS_IMPORT_COLUMNS } from '@evalua/contracts';

/** The request body limit is 1 MB; a little room is kept for the JSON around the text. */
const MAX_BODY_BYTES = 1024 * 1024 - 1024;

/**
 * A file's text: UTF-8 (what Excel writes as "CSV UTF-8"), or Windows-1252 (Excel's plain "CSV" on
 * Spanish Windows) when the UTF-8 reading shows replacement characters.
 */
export function decodeCsv(bytes: ArrayBuffer): string {
  const utf8 = new TextDecoder('utf-8').decode(bytes);
  return utf8.includes('\uFFFD') ? new TextDecoder('windows-1252').decode(bytes) : utf8;
}

/** Whether the text fits in one import request. */
export function fitsInRequest(csv: string): boolean {
  return new Blob([JSON.stringify({ csv })]).size <= MAX_BODY_BYTES;
}

export const TEMPLATE_FILE_NAME = 'plantilla-personal.csv';

const TEMPLATE_ROWS = [
  [
    'María Rodríguez',
    'maria.rodriguez@ejemplo.do',
    'colaborador',
    'Docente',
    'Ciencias',
    'Docentes',
    'jose.martinez@ejemplo.do',
  ],
  ['José Martínez', 'jose.martinez@ejemplo.do', 'evaluador', 'Coordinador', 'Matemáticas', 'Docentes', ''],
];

/**
 * The template: the header line and two example rows, ';'-separated with CRLF and a UTF-8 byte order
 * mark, so that Excel in Spanish opens it in columns and with its accents.
 */
export function templateText(): string {
  const header = [
    USERS_IMPORT_COLUMNS.name[0],
    USERS_IMPORT_COLUMNS.email[0],
    USERS_IMPORT_COLUMNS.role[0],
    USERS_IMPORT_COLUMNS.position[0],
    USERS_IMPORT_COLUMNS.department[0],
    USERS_IMPORT_COLUMNS.category[0],
    USERS_IMPORT_COLUMNS.manager[0],
  ];
  return `\uFEFF${[header, ...TEMPLATE_ROWS].map((cells) => cells.join(';')).join('\r\n')}\r\n`;
}

/** Saves the template file (made here, in the browser). */
export function downloadTemplate(): void {
  const blob = new Blob([templateText()], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = TEMPLATE_FILE_NAME;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
