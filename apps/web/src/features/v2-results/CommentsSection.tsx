import { V2_RESULT_GROUP_LABELS, type V2ResultComment } from '@evalua/contracts';
import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { messages } from '../../i18n/messages';

const t = messages.v2Results;

/** The comments in the server's order, grouped by question. */
function byItem(comments: readonly V2ResultComment[]) {
  const groups: Array<{ item_id: number; question_text: string; comments: V2ResultComment[] }> = [];
  for (const c of comments) {
    const last = groups.at(-1);
    if (last?.item_id === c.item_id) last.comments.push(c);
    else groups.push({ item_id: c.item_id, question_text: c.question_text, comments: [c] });
  }
  return groups;
}

/** Comments and written answers, by question, attributed only by group of raters (never by name). */
export function CommentsSection({ comments }: { comments: V2ResultComment[] }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="v2-comments-heading">
      <Title order={2} size="h3" id="v2-comments-heading">
        Comentarios
      </Title>
      {comments.length === 0 && <Text>{t.noComments}</Text>}
      {byItem(comments).map((g) => (
        <Paper withBorder p="md" key={g.item_id}>
          <Title order={3} size="h5" mb="xs">
            {g.question_text}
          </Title>
          <List spacing="xs" listStyleType="none" aria-label={`Comentarios sobre: ${g.question_text}`}>
            {g.comments.map((c, i) => (
              <List.Item key={i}>
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Badge tt="none" style={{ flexShrink: 0 }}>
                    {V2_RESULT_GROUP_LABELS[c.relation]}
                  </Badge>
                  <Text size="sm">{c.text}</Text>
                </Group>
              </List.Item>
            ))}
          </List>
        </Paper>
      ))}
    </Stack>
  );
}
