import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './page-header.module.css';

/**
 * A page's title block: title, a dimmed line under it, and the page's actions on the right,
 * which wrap under the title when the screen is too narrow for both (and stay off paper).
 */
export function PageHeader({
  title,
  subtitle,
  children,
  actions,
  level = 2,
  align = 'flex-end',
}: {
  title: ReactNode;
  /** A polite live region: a count in it is announced when it changes. */
  subtitle?: ReactNode;
  /** Lines under the subtitle (counts, a period), each with its own roles and styles. */
  children?: ReactNode;
  actions?: ReactNode;
  /** 3 for a section of a page that has a title of its own (the admin tabs). */
  level?: 2 | 3;
  /** Where the actions sit beside a title of several lines. */
  align?: 'flex-start' | 'flex-end';
}) {
  return (
    <Group justify="space-between" align={align} wrap="wrap" gap="sm">
      <Stack gap={2} className={classes.heading}>
        <Title order={level} size={level === 3 ? 'h4' : undefined} className={classes.title}>
          {title}
        </Title>
        {subtitle !== undefined && (
          <Text c="dimmed" size="sm" aria-live="polite" className={classes.subtitle}>
            {subtitle}
          </Text>
        )}
        {children}
      </Stack>
      {actions !== undefined && (
        <Group gap="xs" wrap="wrap" className={classes.actions}>
          {actions}
        </Group>
      )}
    </Group>
  );
}
