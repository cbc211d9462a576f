import type { V2Template } from '@evalua/contracts';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../api/errors';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { useActionError } from '../../components/feedback/useActionError';
import { useConfirm } from '../../components/feedback/useConfirm';
import { ListState } from '../../components/lists/ListState';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { notify } from '../../components/feedback/notify';
import { messages } from '../../i18n/messages';
import { TemplateNameModal } from './TemplateNameModal';
import { useDeleteTemplate, useRenameTemplate, useTemplates } from './api/templates';

const t = messages.evaluationsV2;

/** 'Plantillas': every 360 template with its item count, renamed in a small modal or deleted after confirming. */
export function TemplatesPanel() {
  const list = useTemplates();
  const rename = useRenameTemplate();
  const remove = useDeleteTemplate();
  const { error, clear, run } = useActionError();
  const [renaming, setRenaming] = useState<V2Template | null>(null);
  const [renameError, setRenameError] = useState<string | null>(null);

  const closeRename = () => {
    setRenaming(null);
    setRenameError(null);
  };
  const saveName = async (name: string) => {
    if (!renaming) return;
    setRenameError(null);
    try {
      await rename.mutateAsync({ id: renaming.id, name });
      notify.success(t.templateRenamed);
      closeRename();
    } catch (err) {
      setRenameError(errorText(err, t.templateSaveError));
    }
  };

  const confirm = useConfirm<V2Template>((target) =>
    run(async () => {
      await remove.mutateAsync(target.id);
      notify.success(t.templateDeleted);
    }, t.templateDeleteError),
  );

  const rows = list.data ?? [];
  return (
    <Stack>
      <Title order={2} size="h3">
        Plantillas
      </Title>
      <Text size="sm" c="dimmed">
        Una evaluación creada desde una plantilla copia sus ítems; cambiar o eliminar la plantilla no la
        afecta.
      </Text>
      {error && <ErrorBanner onClose={clear}>{error}</ErrorBanner>}
      <ListState
        query={list}
        isEmpty={list.data?.length === 0}
        loadingLabel="Cargando plantillas"
        errorText={t.templatesError}
        emptyText={t.templatesEmpty}
      />
      {rows.length > 0 && (
        <ResponsiveTable
          label="Plantillas"
          rows={rows}
          rowKey={(tpl) => tpl.id}
          columns={[
            { header: 'Nombre', title: true, cell: (tpl) => tpl.name },
            { header: 'Ítems', cell: (tpl) => tpl.item_count },
            {
              header: 'Acciones',
              actions: true,
              cell: (tpl) => (
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setRenaming(tpl)}
                    aria-label={`Renombrar ${tpl.name}`}
                  >
                    Renombrar
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => confirm.ask(tpl)}
                    aria-label={`Eliminar ${tpl.name}`}
                  >
                    Eliminar
                  </Button>
                </Group>
              ),
            },
          ]}
        />
      )}
      <TemplateNameModal
        request={
          renaming && {
            title: 'Renombrar plantilla',
            defaultName: renaming.name,
            submitLabel: 'Guardar',
          }
        }
        saving={rename.isPending}
        error={renameError}
        onSubmit={(name) => void saveName(name)}
        onClose={closeRename}
      />
      <ConfirmDialog
        {...confirm.dialog}
        title="Eliminar plantilla"
        message={confirm.target ? t.confirmDeleteTemplate(confirm.target.name) : ''}
        confirmLabel="Eliminar"
        loading={remove.isPending}
      />
    </Stack>
  );
}
