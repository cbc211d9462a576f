import { V2_STATUS_LABELS, v2EvaluationAllows } from '@evalua/contracts';
import { Alert, Anchor, Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { useScreenTitle } from '../../components/screen-title';
import { messages } from '../../i18n/messages';
import { useEvaluationV2, useItems, useScales } from './api/items';
import { ItemsEditor } from './ItemsEditor';
import { ReadOnlyItems } from './ReadOnlyItems';

const t = messages.v2Items;

function parseId(raw: string | undefined): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * 'Ítems de la evaluación 360' (/evaluations-v2/{id}/items and /v2/items/{id}): the items of a
 * draft are edited here; once the evaluation is open or closed they are shown read-only.
 */
export default function ItemsPage() {
  const title = useScreenTitle();
  const id = parseId(useParams().evaluationId);
  const evaluation = useEvaluationV2(id);
  const items = useItems(id);
  const scales = useScales();

  const failed = id === null || evaluation.isError || items.isError || scales.isError;
  const loading = !failed && (evaluation.isPending || items.isPending || scales.isPending);
  const ev = evaluation.data;
  // Its items change only while its state allows (a draft): they are frozen when it opens.
  const editable = ev !== undefined && v2EvaluationAllows(ev.status).editItems;

  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <Anchor component={Link} to="/evaluations-v2">
        Volver a Evaluaciones 360
      </Anchor>
      {ev && (
        <Group gap="sm">
          <Text fw={600} size="lg">
            {ev.name}
          </Text>
          <Badge variant="light" color={editable ? 'blue' : 'gray'}>
            {V2_STATUS_LABELS[ev.status]}
          </Badge>
        </Group>
      )}
      {failed && <ErrorBanner>{t.loadError}</ErrorBanner>}
      {loading && <Loader role="status" aria-label="Cargando ítems" />}
      {!failed && ev && items.data && scales.data && (
        <>
          {editable ? (
            <ItemsEditor key={ev.id} evaluationId={ev.id} items={items.data} scales={scales.data} />
          ) : (
            <>
              <Alert variant="light" color="gray" title="Solo lectura">
                {t.readOnly(V2_STATUS_LABELS[ev.status])}
              </Alert>
              <ReadOnlyItems items={items.data} scales={scales.data} />
            </>
          )}
        </>
      )}
    </Stack>
  );
}
