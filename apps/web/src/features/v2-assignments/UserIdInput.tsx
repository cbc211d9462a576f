import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { failedWith } from '../../api/errors';
import { messages } from '../../i18n/messages';
import { useUserLookup } from './api/users';
import { parseId } from './format';

const t = messages.v2Assignments;

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** Who a typed id names, so HR sees whom they are adding (nothing while the id is not a number). */
function LookupText({ userId }: { userId: number | null }) {
  const user = useUserLookup(userId);
  if (userId === null) return null;
  if (user.isPending) return <>Buscando…</>;
  if (user.isError) return failedWith(user.error, 404) ? <>{t.userUnknown}</> : null;
  const u = user.data;
  const detail = [u.position, u.department].filter(Boolean).join(', ');
  return (
    <>
      {u.name}
      {detail && ` — ${detail}`}
      {!u.status && `. ${t.userInactive}`}
    </>
  );
}

/** A numeric user id field (typed as text, so a wrong entry reaches the batch check and its message). */
export function UserIdInput({ label, value, onChange }: Props) {
  const [debounced] = useDebouncedValue(value, 300);
  // Nothing while the typed id is still changing.
  const settled = parseId(value) === parseId(debounced) ? parseId(debounced) : null;
  return (
    <TextInput
      label={label}
      inputMode="numeric"
      autoComplete="off"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      description={
        <span aria-live="polite">
          <LookupText userId={settled} />
        </span>
      }
    />
  );
}
