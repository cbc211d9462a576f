import { ITEMS_MAX, type V2Item, type V2ItemInput, type V2Scale } from '@evalua/contracts';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { FormProvider, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { notify } from '../../components/feedback/notify';
import { useActionError } from '../../components/feedback/useActionError';
import { useConfirm } from '../../components/feedback/useConfirm';
import { messages } from '../../i18n/messages';
import { useSaveItems } from './api/items';
import { blankItem, itemsResolver, toFormValue, type ItemsFormValues } from './form';
import { ItemRow } from './ItemRow';
import { WeightSums } from './WeightSums';

const t = messages.v2Items;

interface Props {
  evaluationId: number;
  items: V2Item[];
  scales: V2Scale[];
}

/** The draft's items, edited in place; 'Guardar ítems' sends the whole list in its order. */
export function ItemsEditor({ evaluationId, items, scales }: Props) {
  const form = useForm<ItemsFormValues, unknown, { items: V2ItemInput[] }>({
    resolver: itemsResolver,
    defaultValues: { items: items.map(toFormValue) },
  });
  const list = useFieldArray({ control: form.control, name: 'items' });
  const values = useWatch({ control: form.control, name: 'items' });
  const save = useSaveItems(evaluationId);
  const { error, clear, run } = useActionError();
  // A stored or written item is asked about before it goes; a blank new one goes at once.
  const removal = useConfirm<number>(async (index) => list.remove(index));
  const remove = (index: number) => {
    const item = values[index];
    if (item && (item.itemId !== null || item.question_text.trim() !== '')) removal.ask(index);
    else list.remove(index);
  };
  const asked = removal.target === null ? undefined : values[removal.target];

  const submit = form.handleSubmit(async ({ items: body }) => {
    await run(async () => {
      const saved = await save.mutateAsync(body);
      form.reset({ items: saved.map(toFormValue) });
      // SPEC's 'Ítems guardados', as the app's own toast rather than the browser's alert (issue 30 §7).
      notify.success(t.saved);
    }, t.saveError);
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group justify="space-between" align="baseline">
            <Title order={2}>Ítems</Title>
            <WeightSums items={values} />
          </Group>
          <Text size="sm">{t.editHint}</Text>
          {list.fields.length === 0 && <Text>{t.empty}</Text>}
          {list.fields.map((field, index) => (
            <ItemRow
              key={field.id}
              index={index}
              count={list.fields.length}
              scales={scales}
              onMove={list.move}
              onRemove={remove}
            />
          ))}
          {error && <ErrorBanner onClose={clear}>{error}</ErrorBanner>}
          <Group>
            <Button
              variant="default"
              disabled={list.fields.length >= ITEMS_MAX}
              onClick={() => list.append(blankItem())}
            >
              Agregar ítem
            </Button>
            <Button type="submit" loading={save.isPending}>
              Guardar ítems
            </Button>
            {form.formState.isDirty && (
              <Text size="sm" c="dimmed">
                {t.unsaved}
              </Text>
            )}
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        {...removal.dialog}
        title="Eliminar ítem"
        message={
          removal.target === null
            ? ''
            : t.confirmRemove(removal.target + 1, asked?.question_text.trim() ?? '')
        }
        confirmLabel="Eliminar"
      />
    </FormProvider>
  );
}
