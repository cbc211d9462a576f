import type { Person } from '@evalua/contracts';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { usePeople } from './api/nominations';
import { candidates, personLabel, type Draft } from './nominee-list';

interface Props {
  label: string;
  list: Draft;
  exclude: ReadonlyArray<number | null>;
  onPick: (person: Person) => void;
  disabled?: boolean;
}

/**
 * A people search (name, department or position), searched on the server 300 ms after typing
 * stops; picking someone hands them over and empties the box for the next one.
 */
export function PeoplePicker({ label, list, exclude, onPick, disabled }: Props) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const people = usePeople(q);
  const found = candidates(people.data ?? [], list, exclude);
  const typing = search.trim() !== q || people.isFetching;
  const nothingFound =
    search.trim() === ''
      ? 'Escribe un nombre, departamento o puesto'
      : typing
        ? 'Buscando…'
        : people.isError
          ? 'No se pudieron buscar las personas.'
          : 'Sin resultados';
  return (
    <Select
      label={label}
      placeholder="Nombre, departamento o puesto"
      searchable
      data={found.map((p) => ({ value: String(p.id), label: personLabel(p) }))}
      filter={({ options }) => options}
      searchValue={search}
      onSearchChange={setSearch}
      value={null}
      onChange={(id) => {
        const person = found.find((p) => String(p.id) === id);
        if (person) onPick(person);
        setSearch('');
      }}
      nothingFoundMessage={nothingFound}
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
