import { Box, Group } from '@mantine/core';
import { PersonSearch } from './PersonSearch';
import { UserIdInput } from './UserIdInput';

interface Props {
  /** The spec's label of the id input ('Evaluator ID', 'Evaluatee ID', 'User ID (self)'). */
  label: string;
  /** The label of the people search beside it. */
  searchLabel: string;
  value: string;
  onChange: (value: string) => void;
}

/**
 * A numeric id input with a people search beside it that fills it (decision 035): side by side when
 * the panel is wide enough, one above the other on a phone.
 */
export function IdField({ label, searchLabel, value, onChange }: Props) {
  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <Box style={{ flex: '2 1 13rem', minWidth: 0 }}>
        <PersonSearch label={searchLabel} idValue={value} onPick={onChange} />
      </Box>
      <Box style={{ flex: '1 1 9rem', minWidth: 0 }}>
        <UserIdInput label={label} value={value} onChange={onChange} />
      </Box>
    </Group>
  );
}
