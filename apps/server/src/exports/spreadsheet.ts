import type ExcelJS from 'exceljs';

/** One column of an export: its Spanish header, how to read it from a row, and its kind. */
export interface Column<Row> {
  header: string;
  value: (row: Row) => string | number | null;
  /** 'percent' figures are 0-100 and shown with two decimals. */
  kind?: 'text' | 'percent';
  width?: number;
}

export type ExportFormat = 'xlsx' | 'csv';

export const EXPORT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** A spreadsheet cell must never start a formula when opened (CSV/formula injection). */
function inert(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * What XML 1.0 cannot hold (outside its Char production: C0 controls but tab, LF and CR, lone
 * surrogates, U+FFFE, U+FFFF) and the other noncharacters (U+FDD0–U+FDEF, U+nFFFE, U+nFFFF).
 * exceljs writes a string as it is into sharedStrings.xml, so one U+FFFF made the whole workbook
 * unreadable. The text checks refuse them now (contracts' text.ts); this is for rows stored before.
 */
const NOT_XML_TEXT = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]|\p{Noncharacter_Code_Point}/gu;

/** A text as a cell shows it: without what XML cannot hold, then made inert (in that order). */
export function cellText(text: string): string {
  return inert(text.replace(NOT_XML_TEXT, ''));
}

/** One sheet of a workbook: its name, columns and rows. */
export interface Sheet<Row> {
  name: string;
  columns: Column<Row>[];
  rows: Row[];
}

function addSheet<Row>(book: ExcelJS.Workbook, { name, columns, rows }: Sheet<Row>): void {
  const ws = book.addWorksheet(name.replace(NOT_XML_TEXT, '').slice(0, 31));
  ws.columns = columns.map((c) => ({
    header: cellText(c.header),
    width: c.width ?? (c.kind === 'percent' ? 14 : 28),
    style: c.kind === 'percent' ? { numFmt: '0.00' } : {},
  }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of rows) {
    ws.addRow(
      columns.map((c) => {
        const v = c.value(row);
        return typeof v === 'string' ? cellText(v) : v;
      }),
    );
  }
}

/** A sheet ready for a workbook, whatever the kind of its rows. */
export interface BookSheet {
  addTo(book: ExcelJS.Workbook): void;
}

export function sheet<Row>(s: Sheet<Row>): BookSheet {
  return { addTo: (book) => addSheet(book, s) };
}

/** A workbook of several sheets (each sheet's rows may be of its own kind). */
export async function toXlsxBook(sheets: readonly BookSheet[]): Promise<Buffer> {
  // Loaded on the first export: exceljs weighs ~15 MB of memory that most processes never need.
  const { default: Excel } = await import('exceljs');
  const book = new Excel.Workbook();
  book.creator = 'Evalúa';
  for (const s of sheets) s.addTo(book);
  return Buffer.from(await book.xlsx.writeBuffer());
}

export function toXlsx<Row>(name: string, columns: Column<Row>[], rows: Row[]): Promise<Buffer> {
  return toXlsxBook([sheet({ name, columns, rows })]);
}

function csvCell(v: string | number | null, kind: Column<unknown>['kind']): string {
  if (v === null) return '';
  const text = typeof v === 'number' ? (kind === 'percent' ? v.toFixed(2) : String(v)) : cellText(v);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** UTF-8 with a byte-order mark so that Excel shows accents; comma-separated, CRLF lines. */
export function toCsv<Row>(columns: Column<Row>[], rows: Row[]): Buffer {
  const lines = [
    columns.map((c) => csvCell(c.header, 'text')).join(','),
    ...rows.map((r) => columns.map((c) => csvCell(c.value(r), c.kind)).join(',')),
  ];
  return Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
}

export function toSpreadsheet<Row>(
  format: ExportFormat,
  sheet: string,
  columns: Column<Row>[],
  rows: Row[],
): Promise<Buffer> {
  return format === 'xlsx' ? toXlsx(sheet, columns, rows) : Promise.resolve(toCsv(columns, rows));
}
