import {
  LOGO_MAX_BYTES,
  ORGANIZATION_MESSAGES as M,
  endpointUrl,
  organizationEndpoints,
} from '@evalua/contracts';
import { Button, FileInput, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { notify } from '../../components/feedback/notify';
import { useActionError } from '../../components/feedback/useActionError';
import { ListState } from '../../components/lists/ListState';
import { useScreenTitle } from '../../components/screen-title';
import { formatDateTime } from '../../i18n/format';
import { useOrganization, useRemoveLogo, useUploadLogo } from './api/organization';

/**
 * Organización (admin, decision 058): the name the papers print (ORGANIZATION_NAME) and the logo on
 * every report PDF — the organisation's own PNG or JPEG, checked by the server by its content, or
 * Evalúa's when none was uploaded.
 */
export default function OrganizationPage() {
  const title = useScreenTitle();
  const organization = useOrganization();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const [file, setFile] = useState<File | null>(null);
  const [askRemove, setAskRemove] = useState(false);
  const { error, clear, run } = useActionError();
  const logo = organization.data?.logo ?? null;

  const send = () =>
    run(async () => {
      if (!file) return;
      // Said before sending: the server would answer 413 with the same sentence.
      if (file.size > LOGO_MAX_BYTES) throw new ApiError(400, 'VALIDATION_ERROR', M.tooLarge);
      await upload.mutateAsync(file);
      setFile(null);
      notify.success(M.saved);
    }, 'No se pudo subir el logo. Inténtalo de nuevo.');
  const drop = () =>
    run(async () => {
      setAskRemove(false);
      await remove.mutateAsync();
      notify.success(M.removed);
    }, 'No se pudo quitar el logo.');

  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <ListState
        query={organization}
        isEmpty={false}
        loadingLabel="Cargando la organización"
        errorText="No se pudieron cargar los datos de la organización."
        emptyText=""
      />
      {organization.data && (
        <Paper withBorder p="md">
          <Stack>
            <Title order={2} size="h4">
              Reportes PDF
            </Title>
            <Text>
              <Text span fw={700}>
                Nombre en los reportes:
              </Text>{' '}
              {organization.data.name}
            </Text>
            <Text size="sm" c="dimmed">
              El nombre se configura al instalar Evalúa (ORGANIZATION_NAME). El logo aparece arriba en cada
              reporte PDF (clásico y 360).
            </Text>
            <Group align="center" gap="md" wrap="wrap">
              <Image
                src={
                  logo
                    ? endpointUrl(organizationEndpoints.logo, { query: { v: logo.updated_at } })
                    : '/logo.svg'
                }
                alt={logo ? 'Logo de la organización' : 'Logo de Evalúa (predeterminado)'}
                h={60}
                w="auto"
                fit="contain"
              />
              <Text size="sm">
                {logo
                  ? `Logo propio (${logo.media_type === 'image/png' ? 'PNG' : 'JPEG'}, ${Math.ceil(logo.bytes / 1024)} KB), subido el ${formatDateTime(logo.updated_at)}.`
                  : 'Se usa el logo de Evalúa.'}
              </Text>
            </Group>
            {error && <ErrorBanner onClose={clear}>{error}</ErrorBanner>}
            <FileInput
              label="Nuevo logo (PNG o JPEG)"
              description={`Hasta ${LOGO_MAX_BYTES / 1024} KB. Se revisa el contenido del archivo, no su nombre.`}
              placeholder="Elegir imagen…"
              accept="image/png,image/jpeg"
              value={file}
              onChange={setFile}
              clearable
              maw={420}
              styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
            />
            <Group gap="sm" wrap="wrap">
              <Button onClick={() => void send()} disabled={!file} loading={upload.isPending}>
                Subir logo
              </Button>
              {logo && (
                <Button
                  variant="light"
                  color="red"
                  onClick={() => setAskRemove(true)}
                  loading={remove.isPending}
                >
                  Quitar logo
                </Button>
              )}
            </Group>
          </Stack>
        </Paper>
      )}
      <ConfirmDialog
        opened={askRemove}
        title="Quitar logo"
        message="¿Quitar el logo de la organización? Los reportes PDF volverán a llevar el logo de Evalúa."
        confirmLabel="Quitar"
        onCancel={() => setAskRemove(false)}
        onConfirm={() => void drop()}
      />
    </Stack>
  );
}
