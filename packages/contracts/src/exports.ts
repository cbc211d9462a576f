import { z } from 'zod';
import { searchText } from './common';

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
/** The spreadsheet formats of the list exports. */
export type SheetFormat = (typeof EXPORT_FORMATS)[number];

/** ?format=xlsx|csv (xlsx when absent) and the list's own search, for the spreadsheet exports. */
export const exportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { error: 'El formato debe ser xlsx o csv.' }).default('xlsx'),
  q: searchText(),
});
