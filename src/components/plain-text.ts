import clsx from 'clsx';
import classes from './plain-text.module.css';

export interface PlainTextLook {
  size?: 'xs' | 'sm' | 'md';
  dimmed?: boolean;
  /** Semi-bold (600), as `fw={600}`. */
  strong?: boolean;
}

/**
 * Class names that give a plain element the look of Mantine's `<Text>`, for what a list draws once
 * per row: each Text, Anchor, Group or Stack resolves its props and styles on every render, a class
 * costs nothing. On the city's queue (20 entries) that took Mantine's share of a phone's first 10 s
 * from 880 to 460 ms at 4x CPU. Anywhere else, use `<Text>`.
 */
export function plainText({ size = 'sm', dimmed = false, strong = false }: PlainTextLook = {}): string {
  return clsx(classes.text, size !== 'sm' && classes[size], dimmed && classes.dimmed, strong && classes.strong);
}

/** For a react-router `<Link>` or an `<a>`: the look of Mantine's `<Anchor>`, its focus ring included. */
export function plainLink(look: Omit<PlainTextLook, 'dimmed'> = {}): string {
  return clsx(plainText(look), classes.link, 'mantine-focus-auto');
}

/** A line of badges and words that wraps, as Mantine's `<Group gap={6}>`. */
export const plainRow = classes.row;
