import { Group, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { assignmentQueries } from '../../api/queries/assignments';
import { categoryQueries } from '../../api/queries/categories';

export interface Filters {
  category_id?: number | undefined;
  department?: string | undefined;
}

interface Props {
  value: Filters;
  onChange: (next: Filters) => void;
}

/** The available list's filters (decision 057): the category people are evaluated in, their department. */
export function AvailableFilters({ value, onChange }: Props) {
  const categories = useQuery(categoryQueries.list());
  const departments = useQuery(assignmentQueries.departments());
  return (
    <Group grow align="flex-end" gap="sm" wrap="wrap">
      <Select
        label="Categoría"
        placeholder="Todas"
        miw={160}
        clearable
        searchable
        data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        value={value.category_id ? String(value.category_id) : null}
        onChange={(v) => onChange({ ...value, category_id: v ? Number(v) : undefined })}
        nothingFoundMessage="Sin categorías"
      />
      <Select
        label="Departamento"
        placeholder="Todos"
        miw={160}
        clearable
        searchable
        data={departments.data ?? []}
        value={value.department ?? null}
        onChange={(v) => onChange({ ...value, department: v ?? undefined })}
        nothingFoundMessage="Sin departamentos"
      />
    </Group>
  );
}
