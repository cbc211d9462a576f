import { Center, Image, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of the pages one opens without a session (like /login): logo, heading, one card. */
export function PublicFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={440}>
        <Stack>
          <Image src="/logo.svg" alt="Evalúa" h={40} w="auto" fit="contain" style={{ alignSelf: 'center' }} />
          <Title order={1} size="h2" ta="center">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
