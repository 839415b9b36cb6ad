import { lazy, Suspense, useEffect, useState } from 'react';

// The tooltip itself (Mantine + floating-ui) loads on the first hover, not with the first paint.
const HintTooltip = lazy(async () => ({ default: (await import('./hint-tooltip')).HintTooltip }));

const OPEN_DELAY_MS = 300;

const hintOf = (node: EventTarget | null): HTMLElement | null =>
  node instanceof Element ? node.closest<HTMLElement>('[data-hint]') : null;

/**
 * One tooltip for every element that carries `data-hint="…"`, shown on hover or keyboard focus.
 * A table of a hundred rows with a Mantine `Tooltip` per cell mounts hundreds of floating-ui
 * instances before the first paint of its data; a hint is just an attribute until it is needed.
 */
export function HintHost() {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  useEffect(() => {
    let timer: number | undefined;
    let pending: HTMLElement | null = null;
    const show = (element: HTMLElement | null) => {
      if (element === pending) return;
      pending = element;
      window.clearTimeout(timer);
      if (element === null) setTarget(null);
      else timer = window.setTimeout(() => setTarget(element), OPEN_DELAY_MS);
    };
    const onOver = (event: PointerEvent) => show(hintOf(event.target));
    const onOut = (event: PointerEvent) => {
      if (event.relatedTarget === null) show(null);
    };
    const onFocusIn = (event: FocusEvent) => show(hintOf(event.target));
    const onFocusOut = (event: FocusEvent) => show(hintOf(event.relatedTarget));
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') show(null);
    };
    document.addEventListener('pointerover', onOver);
    document.addEventListener('pointerout', onOut);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('pointerover', onOver);
      document.removeEventListener('pointerout', onOut);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);
  return target === null ? null : (
    <Suspense fallback={null}>
      <HintTooltip target={target} />
    </Suspense>
  );
}
