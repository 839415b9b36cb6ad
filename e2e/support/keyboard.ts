import type { Locator, Page } from '@playwright/test';

const isFocused = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)).catch(() => false);

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would; returns
 * how many presses it took, or -1 when it never got there within `max`.
 */
export async function tabTo(page: Page, target: Locator, { max = 80, backwards = false } = {}): Promise<number> {
  for (let presses = 0; presses <= max; presses++) {
    if (await isFocused(target)) return presses;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  return -1;
}

/**
 * How the element looks as far as a focus indicator goes (outline, border colour, shadow), so a
 * spec can compare it focused and unfocused: Mantine rings buttons and links with an outline and
 * marks inputs with a border in the primary colour.
 */
export function focusLook(target: Locator): Promise<string> {
  return target.evaluate((el) => {
    const css = getComputedStyle(el);
    const outline =
      css.outlineStyle === 'none' || parseFloat(css.outlineWidth) === 0
        ? 'none'
        : `${css.outlineStyle} ${css.outlineWidth} ${css.outlineColor}`;
    return `outline: ${outline}; border: ${css.borderColor}; shadow: ${css.boxShadow}`;
  });
}

/** Whether the focus is inside `container` right now. */
export function focusIsInside(container: Locator): Promise<boolean> {
  return container.evaluate((el) => el.contains(document.activeElement));
}
