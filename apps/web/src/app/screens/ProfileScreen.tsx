import { Divider, Stack, Title } from '@mantine/core';
import { MyResults } from '../../features/v1-results/MyResults';
import { PasswordForm } from '../../features/profile/PasswordForm';
import { ProfileDetails } from '../../features/profile/ProfileDetails';
import { MyV2Results } from '../../features/v2-results/MyV2Results';

/** Mi Perfil: one's data, V1 results, the password change and the 360 results (features composed here). */
export default function ProfileScreen() {
  return (
    <Stack gap="lg" maw={900}>
      <Title order={1}>Mi Perfil</Title>
      <ProfileDetails />
      <MyResults />
      <Divider />
      <PasswordForm />
      <MyV2Results />
    </Stack>
  );
}
