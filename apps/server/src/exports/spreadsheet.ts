import ExcelJS from 'exceljs';

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

export async function toXlsx<Row>(sheet: string, columns: Column<Row>[], rows: Row[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Evalúa';
  const ws = book.addWorksheet(sheet.slice(0, 31));
  ws.columns = columns.map((c) => ({
    header: c.header,
    width: c.width ?? (c.kind === 'percent' ? 14 : 28),
    style: c.kind === 'percent' ? { numFmt: '0.00' } : {},
  }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of rows) {
    ws.addRow(
      columns.map((c) => {
        const v = c.value(row);
        return typeof v === 'string' ? inert(v) : v;
      }),
    );
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

function csvCell(v: string | number | null, kind: Column<unknown>['kind']): string {
  if (v === null) return '';
  const text = typeof v === 'number' ? (kind === 'percent' ? v.toFixed(2) : String(v)) : inert(v);
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
