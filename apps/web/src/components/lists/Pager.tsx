import { Group, Pagination, Text } from '@mantine/core';

interface Props {
  /** What the pages are of, for the navigation's name ("Páginas de evaluadores"). */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}

/** The Spanish names of Mantine Pagination's first/previous/next/last controls. */
export const PAGE_CONTROL_LABELS = {
  first: 'Primera página',
  previous: 'Página anterior',
  next: 'Página siguiente',
  last: 'Última página',
} as const;

/** "Mostrando 1–10 de 37" and the page buttons (Spanish names), for lists paged on the server. */
export function Pager({ label, page, pageSize, total, onChange }: Props) {
  if (total === 0) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        Mostrando {from}–{to} de {total}
      </Text>
      {pages > 1 && (
        <nav aria-label={label}>
          <Pagination
            total={pages}
            value={page}
            onChange={onChange}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': PAGE_CONTROL_LABELS[control] })}
            getItemProps={(p) => ({
              'aria-label': `Página ${p}`,
              'aria-current': p === page ? 'page' : undefined,
            })}
          />
        </nav>
      )}
    </Group>
  );
}
