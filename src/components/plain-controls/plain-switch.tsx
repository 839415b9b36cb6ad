import clsx from 'clsx';
import type { InputHTMLAttributes } from 'react';
import classes from './plain-switch.module.css';

/**
 * A switch with the look of Mantine's `<Switch size="sm">` on one bare input, for one per list row:
 * Mantine's is five components per switch, each resolving its props and styles on every render. It
 * needs an `aria-label` (it has no label of its own). Anywhere else, use `<Switch>`.
 */
export function PlainSwitch({ className, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role'>) {
  return (
    <input type="checkbox" role="switch" className={clsx(classes.switch, 'mantine-focus-auto', className)} {...props} />
  );
}
