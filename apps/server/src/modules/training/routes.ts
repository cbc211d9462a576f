import {
  MANAGER_ROLES,
  exportQuerySchema,
  trainingReportSchema,
  type TrainingReport,
} from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { EXPORT_TYPES, toSpreadsheet, type Column } from '../../exports/spreadsheet';
import { attachment } from '../../http/download';
import { trainingReport } from './repository';

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

/**
 * Checked against the contract but sent as built: parsing a record rebuilds the object, and a key
 * such as "__proto__" (an evaluator's name is free text) would silently vanish on the way.
 */
const trainingReportResponse = z.custom<TrainingReport>((v) => trainingReportSchema.safeParse(v).success);

export function trainingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/training-report',
      { config: { access: MANAGER_ROLES }, schema: { response: { 200: trainingReportResponse } } },
      async () => trainingReport(ctx.db),
    );

    app.get(
      '/api/training-report/export',
      { config: { access: MANAGER_ROLES }, schema: { querystring: exportQuerySchema } },
      async (request, reply) => {
        const { format, q } = request.query;
        const needle = q?.toLocaleLowerCase('es');
        const lines = Object.entries(await trainingReport(ctx.db)).flatMap(([evaluator_name, entries]) =>
          entries.map((e) => ({ evaluator_name, ...e })),
        );
        const rows = needle
          ? lines.filter((l) =>
              `${l.evaluator_name} ${l.collaborator_name}`.toLocaleLowerCase('es').includes(needle),
            )
          : lines;
        const file = await toSpreadsheet(format, 'Capacitación', TRAINING_COLUMNS, rows);
        return reply
          .type(EXPORT_TYPES[format])
          .header('content-disposition', attachment(`reporte-capacitacion.${format}`))
          .send(file);
      },
    );
  };
}
