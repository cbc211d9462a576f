import type { UsersImportPreview, UsersImportResult } from '@evalua/contracts';
import { Alert, Button, FileInput, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { ErrorBanner } from '../../../components/feedback/ErrorBanner';
import { useActionError } from '../../../components/feedback/useActionError';
import { notify } from '../../../components/feedback/notify';
import { messages } from '../../../i18n/messages';
import { useApplyImport, usePreviewImport } from '../api/users-import';
import { decodeCsv, downloadTemplate, fitsInRequest } from './import-file';
import { importDoneText } from './import-result';
import { ImportPreviewTable } from './ImportPreviewTable';

const t = messages.users;

function Counts({ counts }: { counts: UsersImportPreview['counts'] }) {
  return (
    <Group gap="lg" aria-live="polite">
      <Text fw={600}>Nuevos: {counts.create}</Text>
      <Text fw={600}>Se actualizan: {counts.update}</Text>
      <Text fw={600} c={counts.error > 0 ? 'red.9' : undefined}>
        Con errores: {counts.error}
      </Text>
    </Group>
  );
}

/**
 * «Importar personal»: pick a CSV file (or download the template), see what each row would do,
 * then apply the valid rows in one go. The server checks everything; this only shows its answer.
 * `onApplied` gets the counts (the screen then says how the new people get in: import-result.ts).
 */
export function ImportStaff({ onApplied }: { onApplied?: (result: UsersImportResult) => void }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const preview = usePreviewImport();
  const apply = useApplyImport();
  const { error: callError, clear, run } = useActionError();
  const [fileError, setFileError] = useState<string | null>(null);
  const error = fileError ?? callError;
  const applying = apply.isPending;

  const clearError = () => {
    setFileError(null);
    clear();
  };
  const reset = () => {
    setFile(null);
    setCsv(null);
    preview.reset();
    apply.reset();
    clearError();
  };
  const dismiss = () => {
    if (applying) return;
    close();
    reset();
  };

  const choose = async (picked: File | null) => {
    reset();
    setFile(picked);
    if (!picked) return;
    let text: string;
    try {
      text = decodeCsv(await picked.arrayBuffer());
    } catch {
      setFileError(t.importReadError);
      return;
    }
    if (!fitsInRequest(text)) {
      setFileError(t.importTooLarge);
      return;
    }
    setCsv(text);
    await run(async () => {
      await preview.mutateAsync(text);
    }, t.importPreviewError);
  };

  const applyNow = async () => {
    if (csv === null) return;
    await run(async () => {
      const result = await apply.mutateAsync(csv);
      notify.success(importDoneText(result));
      close();
      reset();
      onApplied?.(result);
    }, t.importApplyError);
  };

  const data = preview.data;
  const valid = data ? data.counts.create + data.counts.update : 0;

  return (
    <>
      <Button variant="default" onClick={open}>
        Importar personal
      </Button>
      <Modal.Root
        opened={opened}
        onClose={dismiss}
        size="80rem"
        centered
        closeOnEscape={!applying}
        closeOnClickOutside={!applying}
      >
        <Modal.Overlay />
        <Modal.Content>
          <Modal.Header component="div">
            <Modal.Title fw={700}>Importar personal</Modal.Title>
            <Modal.CloseButton aria-label="Cerrar" disabled={applying} />
          </Modal.Header>
          <Modal.Body>
            <Stack>
              <Text size="sm">
                Elige un archivo CSV (separado por comas o por punto y coma) con las columnas nombre, correo,
                rol, puesto, departamento y categoria; las tres primeras son obligatorias. El rol es admin,
                gestionhumana, evaluador o colaborador. La columna opcional reporta_a lleva el correo del jefe
                de cada persona (puede ser alguien que aparece más abajo en el mismo archivo).
              </Text>
              <Text size="sm">
                Si el correo ya existe, se actualiza ese usuario; si no, se crea sin contraseña y se le envía
                por correo un enlace de acceso para que elija una (o agrega una columna contraseña).
              </Text>
              <Group align="flex-end">
                <FileInput
                  label="Archivo CSV"
                  placeholder="Elegir archivo…"
                  accept=".csv,text/csv"
                  value={file}
                  onChange={(f) => void choose(f)}
                  disabled={applying || preview.isPending}
                  w={360}
                  // Mantine's placeholder grey is under 4.5:1 on white; the dimmed grey passes.
                  styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
                />
                <Button variant="subtle" onClick={downloadTemplate}>
                  Descargar plantilla
                </Button>
              </Group>
              {error && <ErrorBanner onClose={clearError}>{error}</ErrorBanner>}
              {preview.isPending && (
                <Group gap="xs">
                  <Loader role="status" aria-label="Revisando el archivo" size="sm" />
                  <Text size="sm">Revisando el archivo…</Text>
                </Group>
              )}
              {data && (
                <>
                  <Counts counts={data.counts} />
                  {data.ignoredColumns.length > 0 && (
                    <Alert color="yellow">{t.importIgnored(data.ignoredColumns.join(', '))}</Alert>
                  )}
                  {valid === 0 && <Text size="sm">{t.importNothingValid}</Text>}
                  <ImportPreviewTable rows={data.rows} />
                </>
              )}
              {applying && (
                <Group gap="xs">
                  <Loader role="status" aria-label="Aplicando importación" size="sm" />
                  <Text size="sm">Aplicando importación… no cierres esta ventana.</Text>
                </Group>
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={dismiss} disabled={applying}>
                  Cancelar
                </Button>
                <Button onClick={() => void applyNow()} disabled={valid === 0} loading={applying}>
                  Aplicar importación
                </Button>
              </Group>
            </Stack>
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </>
  );
}
