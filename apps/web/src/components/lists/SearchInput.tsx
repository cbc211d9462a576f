import { CloseButton, TextInput } from '@mantine/core';

interface Props {
  label: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
}

/** The search box of a paged list (the caller debounces the query it sends). */
export function SearchInput({ label, placeholder, value, onChange }: Props) {
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      rightSection={
        value ? <CloseButton aria-label="Limpiar búsqueda" onClick={() => onChange('')} size="sm" /> : null
      }
    />
  );
}
