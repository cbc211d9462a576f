import { CSV_MESSAGES } from '@evalua/contracts';
/**
 * A small CSV reader for spreadsheet exports (RFC 4180 and what Excel writes): ',' or ';' (or tab)
 * separators, detected from the header line; fields in double quotes, with "" for a quote and line
 * breaks inside; CRLF, LF or CR line ends; a leading UTF-8 byte order mark.
 */

export interface CsvRecord {
  /** The file line the record starts on (1-based). */
  line: number;
  cells: string[];
}

export interface CsvTable {
  separator: string;
  header: CsvRecord;
  /** Data records, blank lines left out. */
  records: CsvRecord[];
}

export class CsvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CsvError';
  }
}

const SEPARATORS = [';', ',', '\t'] as const;

/** The separator of the header line: the candidate seen most often outside quotes (',' by default). */
export function detectSeparator(text: string): string {
  const counts = new Map<string, number>(SEPARATORS.map((s) => [s, 0]));
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ',';
  let most = 0;
  for (const [sep, n] of counts) {
    if (n > most) {
      best = sep;
      most = n;
    }
  }
  return best;
}

/** Splits CSV text into records (cells untrimmed, as written). Throws CsvError on an unclosed quote. */
export function parseRecords(text: string, separator: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let quoteLine = 1;
  let i = 0;
  const n = text.length;

  const endRecord = () => {
    cells.push(cell);
    records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
  };

  while (i < n) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        continue;
      }
      if (ch === '\r' || ch === '\n') {
        // A line break inside quotes is part of the value (kept as \n).
        cell += '\n';
        i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
        line += 1;
        continue;
      }
      cell += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && cell.trim() === '') {
      // An opening quote (spaces before it, as some tools write, are dropped).
      quoted = true;
      quoteLine = line;
      cell = '';
      i += 1;
      continue;
    }
    if (ch === separator) {
      cells.push(cell);
      cell = '';
      i += 1;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line += 1;
      recordLine = line;
      continue;
    }
    cell += ch;
    i += 1;
  }
  if (quoted) throw new CsvError(CSV_MESSAGES.unclosedQuote(quoteLine));
  // The last record, unless the text ended with a line break.
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}

function isBlank(record: CsvRecord): boolean {
  return record.cells.every((c) => c.trim() === '');
}

/** Reads a whole file: the header line and the data records, blank lines left out. */
export function readCsv(raw: string): CsvTable {
  const text = raw.startsWith('\uFEFF') ? raw.slice(1) : raw;
  const separator = detectSeparator(text);
  const records = parseRecords(text, separator).filter((r) => !isBlank(r));
  const [header, ...rest] = records;
  if (!header) throw new CsvError(CSV_MESSAGES.empty);
  return { separator, header, records: rest };
}

/** A header or role cell for comparison: lower case, no accents, single spaces, '_' as a space. */
export function foldKey(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[_\s]+/g, ' ')
    .trim();
}
