import { Button, VisuallyHidden } from '@mantine/core';
import { IconArrowUp } from '@tabler/icons-react';
import classes from './new-items-button.module.css';

interface NewItemsButtonProps {
  /** "3 new events": the button's text, and what a screen reader hears as it changes. */
  label: string;
  count: number;
  onShow: () => void;
  loading?: boolean;
  /** Where focus goes after a keyboard press: the button leaves with what it announced. */
  focusAfter?: () => HTMLElement | null;
}

/**
 * "N new …" above a list that does not move by itself while the operator reads it: put it first
 * in the list's own block (the list's top edge is where it floats). The status region is always
 * there, so the count is announced when it appears and when it changes.
 */
export function NewItemsButton({ label, count, onShow, loading, focusAfter }: NewItemsButtonProps) {
  const shown = count > 0;
  return (
    <>
      <VisuallyHidden role="status">{shown ? label : ''}</VisuallyHidden>
      {shown && (
        <div className={classes.anchor}>
          <Button
            className={classes.button}
            size="compact-md"
            radius="xl"
            leftSection={<IconArrowUp size={16} aria-hidden />}
            loading={loading}
            onClick={(click) => {
              const focused = click.currentTarget === document.activeElement;
              onShow();
              if (focused && focusAfter !== undefined)
                requestAnimationFrame(() => focusAfter()?.focus({ preventScroll: true }));
            }}
          >
            {label}
          </Button>
        </div>
      )}
    </>
  );
}
