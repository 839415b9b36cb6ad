import clsx from 'clsx';
import type { HTMLAttributes, ReactNode } from 'react';
import { variantColors, type PlainColor } from './variant-colors';
import classes from './plain-badge.module.css';

interface PlainBadgeProps extends HTMLAttributes<HTMLSpanElement> {
  color: PlainColor;
  variant: 'filled' | 'light' | 'outline' | 'dot';
  size?: 'sm' | 'md';
  leftSection?: ReactNode;
}

/**
 * A span with the look of Mantine's `<Badge>`, for what lists draw once per row (and wherever else
 * those badges appear, so they look the same): Mantine's resolves its props, variant colours and
 * styles on every render, three components per badge. For a badge of its own, use `<Badge>`.
 */
export function PlainBadge({
  color,
  variant,
  size = 'md',
  leftSection,
  className,
  style,
  children,
  ...props
}: PlainBadgeProps) {
  return (
    <span
      className={clsx(classes.badge, className)}
      data-variant={variant}
      data-size={size}
      data-with-left-section={leftSection ? true : undefined}
      style={{ ...variantColors(color, variant), ...style }}
      {...props}
    >
      {leftSection ? <span className={classes.section}>{leftSection}</span> : null}
      <span className={classes.label}>{children}</span>
    </span>
  );
}
