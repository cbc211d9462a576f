import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { cellText, toCsv, toXlsx, toXlsxBook, sheet, type Column } from './spreadsheet';

/**
 * Review of the fixes (D): a row stored before the text checks refused noncharacters still holds
 * U+FFFF; exceljs wrote it into sharedStrings.xml, which was then not well-formed XML (Excel and
 * exceljs refused the whole file). Every string cell now loses what XML 1.0 cannot hold.
 */

interface Row {
  name: string;
  comment: string | null;
  score: number | null;
}

const COLUMNS: Column<Row>[] = [
  { header: 'Nombre', value: (r) => r.name },
  { header: 'Comentario', value: (r) => r.comment },
  { header: 'Puntuación (%)', value: (r) => r.score, kind: 'percent' },
];

async function load(file: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  return book;
}

describe('spreadsheet cells', () => {
  it('a stored string with U+FFFF (and U+FFFE, other noncharacters, C0 controls) still makes a well-formed workbook', async () => {
    const rows: Row[] = [
      { name: 'Ana\uFFFEPérez', comment: 'Bien\uFFFF hecho', score: 75 },
      { name: 'Luis\uFDD0 Gómez\u{10FFFF}', comment: 'Uno\u0001\u0008Dos\u001F\uD800', score: null },
      { name: '\uFFFF=HYPERLINK("http://x")', comment: 'Línea 1\nLínea 2\tfin 😀', score: 12.5 },
    ];
    const book = await load(await toXlsx('Resultados', COLUMNS, rows));
    const ws = book.getWorksheet('Resultados')!;
    const values = [2, 3, 4].map((r) => [1, 2, 3].map((c) => ws.getRow(r).getCell(c).value));
    expect(values).toEqual([
      ['AnaPérez', 'Bien hecho', 75],
      ['Luis Gómez', 'UnoDos', null],
      // Stripped first, then made inert: the formula stays text.
      ['\'=HYPERLINK("http://x")', 'Línea 1\nLínea 2\tfin 😀', 12.5],
    ]);
  });

  it('the same in a workbook of several sheets, and in CSV', async () => {
    const rows: Row[] = [{ name: 'Ana\uFFFF', comment: '\uFFFE-1', score: 1 }];
    const book = await load(
      await toXlsxBook([
        sheet({ name: 'Resumen', columns: COLUMNS, rows }),
        sheet({ name: 'Comentarios', columns: COLUMNS, rows }),
      ]),
    );
    for (const name of ['Resumen', 'Comentarios'])
      expect(book.getWorksheet(name)!.getRow(2).values).toEqual([undefined, 'Ana', "'-1", 1]);
    const csv = toCsv(COLUMNS, rows).toString('utf8');
    expect(csv).toBe("\ufeffNombre,Comentario,Puntuación (%)\r\nAna,'-1,1.00\r\n");
  });

  it('cellText keeps ordinary text, tab, LF, CR and characters beyond the BMP', () => {
    for (const text of ['José Peña-Núñez', 'a\tb\nc\r\nd', '👩‍🏫 Docente', '\u{10FFFD}', '\uE000\uFFFD'])
      expect(cellText(text)).toBe(text);
    expect(cellText('\uFDEF\uFDD0x\u{1FFFE}\u{1FFFF}')).toBe('x');
  });
});
