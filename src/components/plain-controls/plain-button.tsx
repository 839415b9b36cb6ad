import clsx from 'clsx';
import type { ButtonHTMLAttributes } from 'react';
import { variantColors, type PlainColor } from './variant-colors';
import classes from './plain-button.module.css';

interface PlainButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color'> {
  variant?: 'filled' | 'subtle';
  /** A theme colour; the theme's primary colour by default. */
  color?: PlainColor;
  /** A spinner instead of the words, and no clicks, while what it started runs. */
  loading?: boolean;
}

/**
 * A button with the look of Mantine's `<Button size="compact-xs">`, for what a list draws once per
 * row: Mantine's is four components per button, each resolving its props and styles on every render.
 * Anywhere else, use `<Button>`.
 */
export function PlainButton({ variant = 'filled', color, loading = false, ...props }: PlainButtonProps) {
  return <PlainControl {...props} shape={classes.button} variant={variant} color={color} loading={loading} />;
}

/**
 * An icon button with the look of Mantine's `<ActionIcon size="sm">`, for one per row; it needs an
 * `aria-label`. Anywhere else, use `<ActionIcon>`.
 */
export function PlainActionIcon({ variant = 'subtle', color, loading = false, ...props }: PlainButtonProps) {
  return <PlainControl {...props} shape={classes.icon} variant={variant} color={color} loading={loading} />;
}

function PlainControl({
  shape,
  variant,
  color,
  loading,
  className,
  style,
  disabled,
  children,
  ...props
}: PlainButtonProps & { shape: string | undefined }) {
  return (
    <button
      type="button"
      className={clsx(classes.control, shape, 'mantine-focus-auto', 'mantine-active', className)}
      style={{ ...variantColors(color ?? 'primary', variant ?? 'filled'), ...style }}
      disabled={disabled === true || loading}
      data-loading={loading || undefined}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading && <span className={classes.loader} aria-hidden />}
      <span className={classes.inner}>{children}</span>
    </button>
  );
}
