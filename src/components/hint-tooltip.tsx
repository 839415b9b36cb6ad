import { Tooltip } from '@mantine/core';

/** The tooltip `HintHost` shows beside the element it points at; hidden when that element leaves the page. */
export function HintTooltip({ target }: { target: HTMLElement }) {
  return <Tooltip target={target} opened label={target.dataset.hint} withArrow />;
}
