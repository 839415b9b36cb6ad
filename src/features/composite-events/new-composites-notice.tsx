import { Button, Group } from '@mantine/core';
import { IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';

/** Mantine's compact-md button height. */
const BUTTON_HEIGHT = 30;

/**
 * "N new composite events" above the timeline. Its line is kept while empty, so the button
 * appearing moves nothing; a status region, so a screen reader hears the count as it changes.
 */
export function NewCompositesNotice({ count, onShow }: { count: number; onShow: () => void }) {
  const { t } = useTranslation('composite-events');
  return (
    <Group justify="center" mih={BUTTON_HEIGHT} role="status">
      {count > 0 && (
        <Button
          size="compact-md"
          radius="xl"
          leftSection={<IconArrowUp size={16} aria-hidden />}
          onClick={(click) => {
            const focused = click.currentTarget === document.activeElement;
            onShow();
            // The button goes once they are shown: focus moves to the newest entry, not to the page's start.
            if (focused)
              requestAnimationFrame(() =>
                document.querySelector<HTMLElement>('#triage-0 a')?.focus({ preventScroll: true }),
              );
          }}
        >
          {t('timeline.newEvents', { count })}
        </Button>
      )}
    </Group>
  );
}
