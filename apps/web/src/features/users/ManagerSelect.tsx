import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { userQueries } from '../../api/queries/users';
import { managerOptions } from './manager-options';

/** How many people the search shows at a time. */
const SEARCH_SIZE = 20;

interface Props {
  /** The manager's id as text, '' for none. */
  value: string;
  /** The current manager's name (an edit), shown before any search. */
  currentName: string | null;
  /** The person being edited: never offered as their own manager. */
  selfId?: number;
  onChange: (id: string) => void;
  error?: string | undefined;
}

/**
 * 'Reporta a' (decision 036): a people search select, searched on the server (the users list with
 * ?q=, 300 ms after typing stops), active people only, keyboard-operable; clearable for "nobody".
 */
export function ManagerSelect({ value, currentName, selfId, onChange, error }: Props) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(
    value && currentName ? { value, label: currentName } : null,
  );
  const [q] = useDebouncedValue(search.trim(), 300);
  const showingPicked = picked !== null && search === picked.label;
  const people = useQuery({
    ...userQueries.page({ q: showingPicked ? '' : q, page: 1 }, SEARCH_SIZE),
    enabled: !showingPicked && q.length > 0,
  });
  const options = managerOptions(people.data?.rows ?? [], selfId);
  if (picked && !options.some((o) => o.value === picked.value)) options.unshift(picked);
  const typing = search.trim() !== q || people.isFetching;
  const nothingFound =
    search.trim() === ''
      ? 'Escribe un nombre para buscar'
      : typing
        ? 'Buscando…'
        : people.isError
          ? 'No se pudieron buscar las personas.'
          : 'Sin resultados';

  return (
    <Select
      label="Reporta a"
      description="Su jefe directo: aprueba sus nominaciones y lo evalúa como jefe en las 360."
      placeholder="Buscar por nombre o correo"
      searchable
      clearable
      data={options}
      filter={({ options: all }) => all}
      searchValue={search}
      onSearchChange={setSearch}
      value={value === '' ? null : value}
      onChange={(id, option) => {
        setPicked(id && option ? { value: id, label: option.label } : null);
        onChange(id ?? '');
      }}
      nothingFoundMessage={nothingFound}
      error={error}
      clearButtonProps={{ 'aria-label': 'Quitar a quién reporta' }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
