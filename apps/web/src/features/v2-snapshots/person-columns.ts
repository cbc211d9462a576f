import type { V2SnapshotDetailRow } from '@evalua/contracts';
import type { Column } from '../../components/lists/ResponsiveTable';
import { NONE } from './format';

/** The columns that say who a snapshot's row is about: the person (the row's header), department, position. */
export function personColumns<C extends { row: V2SnapshotDetailRow }>(): Array<Column<C>> {
  return [
    { header: 'Persona', title: true, rowHeader: true, fw: 500, cell: (c) => c.row.evaluatee_name },
    { header: 'Departamento', cell: (c) => c.row.department ?? NONE },
    { header: 'Cargo', cell: (c) => c.row.position ?? NONE },
  ];
}
