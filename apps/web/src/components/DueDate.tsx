import { Badge, Group, Text } from '@mantine/core';
import { messages } from '../i18n/messages';
import { dueDateView, localToday } from './due-date';

/** White on this red is 6.1:1 (at least 4.5:1 for small text). */
const OVERDUE_RED = '#c92a2a';

/** 'Vence el 5 dic 2026' may wrap after 'el', never inside the date (no-break spaces there). */
function keepDayTogether(text: string): string {
  return text.replace(/(\d{1,2}) (\S+) (\d{4})$/, '$1\u00a0$2\u00a0$3');
}

interface Props {
  /** The due date (YYYY-MM-DD) or null. */
  due: string | null;
  /** Whether the work is still pending (only pending work is overdue). */
  pending: boolean;
  /** What to show without a due date ('—' by default). */
  none?: string;
}

/** 'Vence el 5 dic 2026', with a red 'Vencida' badge when the day has passed and the work is pending. */
export function DueDate({ due, pending, none = '—' }: Props) {
  const view = dueDateView(due, localToday(), pending);
  if (!view) return <>{none}</>;
  return (
    <Group gap={6} wrap="wrap" component="span" display="inline-flex">
      <Text span size="sm">
        {keepDayTogether(view.text)}
      </Text>
      {view.overdue && (
        <Badge color={OVERDUE_RED} variant="filled" tt="none" size="sm">
          {messages.deadlines.overdue}
        </Badge>
      )}
    </Group>
  );
}
