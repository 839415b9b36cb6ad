import { Badge, Button, Drawer, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { usePhone } from '@/lib/screens';

/**
 * A page's filters: inline on a wide screen; on a phone a "Filters" button with the number of
 * active filters, opening them in a drawer from the bottom, so the list or map keeps the screen.
 */
export function FilterDrawer({
  active,
  children,
  className,
}: {
  /** How many filters narrow the page now (0: the page shows everything). */
  active: number;
  children: ReactNode;
  /** Placement of the button (e.g. over the map). */
  className?: string;
}) {
  const { t } = useTranslation();
  const phone = usePhone();
  const [opened, { open, close }] = useDisclosure();
  if (!phone) return children;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFilter size={16} aria-hidden />}
        rightSection={
          active > 0 ? (
            <Badge size="sm" circle aria-hidden>
              {active}
            </Badge>
          ) : null
        }
        aria-label={active > 0 ? t('filterDrawer.openActive', { count: active }) : t('filterDrawer.open')}
        onClick={open}
        className={className}
      >
        {t('filterDrawer.open')}
      </Button>
      <Drawer opened={opened} onClose={close} position="bottom" size="auto" title={t('filterDrawer.title')}>
        <Stack gap="md" pb="md">
          {children}
          <Button onClick={close}>{t('filterDrawer.done')}</Button>
        </Stack>
      </Drawer>
    </>
  );
}
