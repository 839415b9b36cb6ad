import { Tooltip } from '@mantine/core';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * The tooltip `HintHost` shows beside the element it points at. The text follows the element's
 * `data-hint` while open ("Copy" becomes "Copied"); hidden when the element leaves the page.
 */
export function HintTooltip({ target }: { target: HTMLElement }) {
  const subscribe = useCallback(
    (changed: () => void) => {
      const observer = new MutationObserver(changed);
      observer.observe(target, { attributes: true, attributeFilter: ['data-hint'] });
      return () => observer.disconnect();
    },
    [target],
  );
  const label = useSyncExternalStore(subscribe, () => target.dataset.hint);
  return <Tooltip target={target} opened label={label} withArrow />;
}
