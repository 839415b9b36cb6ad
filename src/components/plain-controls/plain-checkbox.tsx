import clsx from 'clsx';
import type { InputHTMLAttributes } from 'react';
import classes from './plain-checkbox.module.css';

/**
 * A checkbox with the look of Mantine's `<Checkbox>` (sm, filled), for one per list entry: Mantine's
 * draws five components per box, each resolving its props and styles on every render. It needs an
 * `aria-label` (it has no label of its own). Anywhere else, use `<Checkbox>`.
 */
export function PlainCheckbox({ className, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return <input type="checkbox" className={clsx(classes.checkbox, 'mantine-focus-auto', className)} {...props} />;
}
