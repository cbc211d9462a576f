import { Alert, Divider, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { MyResults } from '../history/MyResults';
import { MyV2Results } from '../v2-results/MyV2Results';
import { useProfile } from './api';
import { PasswordForm } from './PasswordForm';

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

export default function ProfilePage() {
  const { data, isPending, isError } = useProfile();
  return (
    <Stack gap="lg" maw={900}>
      <Title order={1}>Mi Perfil</Title>
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
      <MyResults />
      <Divider />
      <PasswordForm />
      <MyV2Results />
    </Stack>
  );
}
