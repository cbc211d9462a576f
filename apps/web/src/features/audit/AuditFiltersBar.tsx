import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { messages } from '../../i18n/messages';
import { useAuditUserOptions } from './api/audit';
import { NO_FILTERS, type AuditFilters } from './filters';
import { ACTION_OPTIONS, ENTITY_OPTIONS } from './labels';

interface Props {
  value: AuditFilters;
  onChange: (next: AuditFilters) => void;
}

/** The user (searched on the server), entity, action and date-range filters of the audit screen. */
export function AuditFiltersBar({ value, onChange }: Props) {
  const [userSearch, setUserSearch] = useState('');
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const [q] = useDebouncedValue(userSearch.trim(), 300);
  // While a user is picked the box shows their name: that is not a new search.
  const users = useAuditUserOptions(picked && userSearch === picked.label ? '' : q);
  const options = (users.data?.rows ?? []).map((u) => ({
    value: String(u.id),
    label: u.email ? `${u.name} (${u.email})` : u.name,
  }));
  if (picked && !options.some((o) => o.value === picked.value)) options.unshift(picked);

  const set = (patch: Partial<AuditFilters>) => onChange({ ...value, ...patch });
  const rangeError = value.from && value.to && value.from > value.to ? messages.audit.rangeOrder : undefined;
  const filtered =
    value.userId !== null ||
    value.entity !== null ||
    value.action !== null ||
    value.from !== '' ||
    value.to !== '';

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
      <Select
        label="Usuario"
        placeholder="Escribe un nombre o correo"
        searchable
        clearable
        data={options}
        // The server already searched: show its answer as it is.
        filter={({ options: all }) => all}
        searchValue={userSearch}
        onSearchChange={setUserSearch}
        value={value.userId}
        onChange={(id, option) => {
          setPicked(id && option ? { value: id, label: option.label } : null);
          set({ userId: id });
        }}
        nothingFoundMessage={users.isError ? messages.audit.usersError : 'Sin resultados'}
        clearButtonProps={{ 'aria-label': 'Quitar el filtro de usuario' }}
      />
      <Select
        label="Entidad"
        placeholder="Todas"
        clearable
        data={ENTITY_OPTIONS}
        value={value.entity}
        onChange={(entity) => set({ entity })}
        clearButtonProps={{ 'aria-label': 'Quitar el filtro de entidad' }}
      />
      <Select
        label="Acción"
        placeholder="Todas"
        clearable
        data={ACTION_OPTIONS}
        value={value.action}
        onChange={(action) => set({ action })}
        clearButtonProps={{ 'aria-label': 'Quitar el filtro de acción' }}
      />
      <TextInput
        type="date"
        label="Desde"
        value={value.from}
        max={value.to || undefined}
        onChange={(e) => set({ from: e.currentTarget.value })}
        error={rangeError}
      />
      <TextInput
        type="date"
        label="Hasta"
        value={value.to}
        min={value.from || undefined}
        onChange={(e) => set({ to: e.currentTarget.value })}
      />
      <Group align="flex-end">
        <Button
          variant="default"
          disabled={!filtered}
          onClick={() => {
            setUserSearch('');
            setPicked(null);
            onChange(NO_FILTERS);
          }}
        >
          Limpiar filtros
        </Button>
      </Group>
    </SimpleGrid>
  );
}
