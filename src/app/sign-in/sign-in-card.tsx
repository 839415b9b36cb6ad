import { Center, Group, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { LanguageToggle } from '../shell/header-controls';

/** The card the sign-in and setup pages sit in, with the language switch a person needs before reading them. */
export function SignInCard({ children }: { children: ReactNode }) {
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" pt="md" w="100%" maw={440}>
        <Group justify="flex-end" mb="xs">
          <LanguageToggle />
        </Group>
        {children}
      </Paper>
    </Center>
  );
}
