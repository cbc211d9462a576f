import { fillManagersMessage } from '@evalua/contracts';
import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../api/errors';
import { useFillManagers } from './api/managers';

interface Props {
  evaluationId: number;
  closed: boolean;
}

/**
 * 'Asignar jefes según "Reporta a"' (decision 036): a manager assignment for every evaluatee whose
 * 'Reporta a' has none yet; never a second manager. Says how many it created.
 */
export function FillManagersButton({ evaluationId, closed }: Props) {
  const fill = useFillManagers(evaluationId);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const run = async () => {
    setResult(null);
    try {
      const { created_count } = await fill.mutateAsync();
      setResult({ ok: true, text: fillManagersMessage(created_count) });
    } catch (err) {
      setResult({ ok: false, text: errorText(err, 'No se pudieron asignar los jefes.') });
    }
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          Crea la asignación «Jefe» de cada evaluado a partir de su «Reporta a» en Gestión de Usuarios, si aún
          no tiene jefe en esta evaluación.
        </Text>
        <Button variant="light" onClick={() => void run()} loading={fill.isPending} disabled={closed}>
          Asignar jefes según «Reporta a»
        </Button>
        {result && (
          <Alert color={result.ok ? 'green' : 'red'} role={result.ok ? 'status' : 'alert'} w="100%">
            {result.text}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
