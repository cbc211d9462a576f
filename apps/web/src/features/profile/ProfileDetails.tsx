import { Alert, Loader, Paper, SimpleGrid, Text } from '@mantine/core';
import { useProfile } from './api';

function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500}>{value || '—'}</Text>
    </div>
  );
}

/** Mi Perfil's data: name, e-mail, department and position (read-only). */
export function ProfileDetails() {
  const { data, isPending, isError } = useProfile();
  return (
    <Paper withBorder p="md">
      {isPending && <Loader role="status" aria-label="Cargando perfil" />}
      {isError && (
        <Alert color="red" role="alert">
          No se pudo cargar tu perfil.
        </Alert>
      )}
      {data && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Field label="Nombre" value={data.name} />
          <Field label="Correo electrónico" value={data.email} />
          <Field label="Departamento" value={data.department} />
          <Field label="Puesto" value={data.position} />
        </SimpleGrid>
      )}
    </Paper>
  );
}
