import type { UserListRow } from '@evalua/contracts';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { messages } from '../../i18n/messages';
import { usePeopleSearch } from './api/users';

const t = messages.v2Assignments;

interface Props {
  /** The search's label ('Buscar evaluador'…). */
  label: string;
  /** The id field it fills: when that changes by hand, the person picked here is forgotten. */
  idValue: string;
  onPick: (id: string) => void;
}

/** How a person reads in the list: name, position and department (to tell namesakes apart), id. */
export function personOption(u: Pick<UserListRow, 'id' | 'name' | 'position' | 'department' | 'status'>) {
  const detail = [u.position, u.department].filter((v) => v && v.trim()).join(' · ');
  const inactive = u.status ? '' : ' · inactivo';
  return `${u.name}${detail ? ` — ${detail}` : ''} (ID ${u.id})${inactive}`;
}

/**
 * The people search beside an id field (decision 035): a combobox searched on the server (the
 * users' list call with ?q=, 300 ms after typing stops), keyboard-operable (arrows, Enter, Escape);
 * picking someone writes their id in the field.
 */
export function PersonSearch({ label, idValue, onPick }: Props) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const [q] = useDebouncedValue(search.trim(), 300);
  // While a person is picked the box shows their name: that is not a new search.
  const showingPicked = picked !== null && search === picked.label;
  const users = usePeopleSearch(showingPicked ? '' : q);
  const options = (users.data?.rows ?? []).map((u) => ({ value: String(u.id), label: personOption(u) }));
  if (picked && !options.some((o) => o.value === picked.value)) options.unshift(picked);

  // The id was typed (or cleared) by hand: the person picked here no longer stands for it, and the
  // box is emptied (state adjusted while rendering, as React recommends for a derived reset).
  const stale = picked !== null && picked.value !== idValue.trim();
  if (stale) {
    setPicked(null);
    setSearch('');
  }

  const typing = search.trim() !== q || users.isFetching;
  const nothingFound =
    search.trim() === ''
      ? 'Escribe un nombre para buscar'
      : typing
        ? 'Buscando…'
        : users.isError
          ? t.searchError
          : 'Sin resultados';

  return (
    <Select
      label={label}
      placeholder="Nombre o correo"
      searchable
      clearable
      data={options}
      // The server already searched: its answer is shown as it is.
      filter={({ options: all }) => all}
      searchValue={search}
      onSearchChange={setSearch}
      value={stale ? null : (picked?.value ?? null)}
      onChange={(id, option) => {
        setPicked(id && option ? { value: id, label: option.label } : null);
        onPick(id ?? '');
      }}
      nothingFoundMessage={nothingFound}
      clearButtonProps={{ 'aria-label': `Vaciar ${label.toLowerCase()}` }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
