import type { SheetFormat, TrainingReport } from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { toSpreadsheet, type Column } from '../../../exports/spreadsheet';
import { trainingReport } from './repository';

/** Who needs training, keyed by the evaluator who said so. */
export function trainingReportOf(db: Kysely<Database>): Promise<TrainingReport> {
  return trainingReport(db);
}

interface TrainingLine {
  evaluator_name: string;
  collaborator_name: string;
  evaluation_name: string;
  comments: string;
}

const TRAINING_COLUMNS: Column<TrainingLine>[] = [
  { header: 'Evaluador', value: (r) => r.evaluator_name },
  { header: 'Colaborador', value: (r) => r.collaborator_name },
  { header: 'Evaluación', value: (r) => r.evaluation_name },
  { header: 'Comentarios', value: (r) => r.comments, width: 60 },
];

/** The report as a spreadsheet: one line per entry, searched by evaluator or collaborator name. */
export async function trainingSheet(db: Kysely<Database>, format: SheetFormat, q?: string): Promise<Buffer> {
  const needle = q?.toLocaleLowerCase('es');
  const lines = Object.entries(await trainingReport(db)).flatMap(([evaluator_name, entries]) =>
    entries.map((e) => ({ evaluator_name, ...e })),
  );
  const rows = needle
    ? lines.filter((l) =>
        `${l.evaluator_name} ${l.collaborator_name}`.toLocaleLowerCase('es').includes(needle),
      )
    : lines;
  return toSpreadsheet(format, 'Capacitación', TRAINING_COLUMNS, rows);
}
