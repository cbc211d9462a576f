import { ROLE_LABELS, type UsersImportAction, type UsersImportRow } from '@evalua/contracts';
import { Badge, Group, List, Pagination, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { PAGE_CONTROL_LABELS } from '../../../components/lists/Pager';
import { EmailText } from '../../../components/lists/EmailText';
import { ResponsiveTable } from '../../../components/lists/ResponsiveTable';

const PAGE_SIZE = 20;

const ACTIONS: Record<UsersImportAction, { label: string; color: string }> = {
  create: { label: 'Nuevo', color: 'teal' },
  update: { label: 'Actualizar', color: 'blue' },
  error: { label: 'Con errores', color: 'red' },
};

const blank = (value: string | null) => value || '—';

/** The file's rows as the server read them: what applying each one does, or why it cannot. */
export function ImportPreviewTable({ rows }: { rows: UsersImportRow[] }) {
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [page, setPage] = useState(1);
  const shown = onlyErrors ? rows.filter((r) => r.action === 'error') : rows;
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const from = (current - 1) * PAGE_SIZE;
  const slice = shown.slice(from, from + PAGE_SIZE);
  const hasErrors = rows.some((r) => r.action === 'error');
  // 'Reporta a' is shown only when the file has that column (decision 036).
  const hasManager = rows.some((r) => r.manager !== undefined);

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {shown.length === 0
            ? 'Ninguna fila que mostrar.'
            : `Filas ${from + 1}–${from + slice.length} de ${shown.length}`}
        </Text>
        {hasErrors && (
          <Switch
            label="Mostrar solo las filas con errores"
            checked={onlyErrors}
            onChange={(e) => {
              setOnlyErrors(e.currentTarget.checked);
              setPage(1);
            }}
          />
        )}
      </Group>
      <ResponsiveTable
        caption="Vista previa de la importación"
        cardsBelow={640}
        rows={slice}
        rowKey={(r) => r.line}
        cardTitle={(r) => `Línea ${r.line}${r.name ? `: ${r.name}` : ''}`}
        columns={[
          { header: 'Línea', title: true, cell: (r) => r.line },
          { header: 'Nombre', cell: (r) => blank(r.name) },
          { header: 'Correo electrónico', cell: (r) => <EmailText email={r.email} /> },
          { header: 'Rol', cell: (r) => (r.role ? ROLE_LABELS[r.role] : '—') },
          { header: 'Puesto', cell: (r) => blank(r.position) },
          { header: 'Departamento', cell: (r) => blank(r.department) },
          { header: 'Categoría', cell: (r) => blank(r.category) },
          ...(hasManager
            ? [{ header: 'Reporta a', cell: (r: UsersImportRow) => <EmailText email={r.manager ?? null} /> }]
            : []),
          {
            header: 'Acción',
            cell: (r) => (
              <Badge
                variant="light"
                color={ACTIONS[r.action].color}
                // Light badges write shade 6 text (under 4.5:1); shade 9 passes (green 9 does not: teal).
                c={`${ACTIONS[r.action].color}.9`}
                tt="none"
              >
                {ACTIONS[r.action].label}
              </Badge>
            ),
          },
          {
            header: 'Errores',
            cell: (r) =>
              r.errors.length === 0 ? (
                '—'
              ) : (
                <List size="sm" c="red.9">
                  {r.errors.map((e) => (
                    <List.Item key={e}>{e}</List.Item>
                  ))}
                </List>
              ),
          },
        ]}
      />
      {pages > 1 && (
        <nav aria-label="Páginas de la vista previa">
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': PAGE_CONTROL_LABELS[control] })}
            getItemProps={(p) => ({ 'aria-label': `Página ${p}` })}
          />
        </nav>
      )}
    </Stack>
  );
}
