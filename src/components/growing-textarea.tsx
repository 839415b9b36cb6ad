import { Textarea, type TextareaProps } from '@mantine/core';
import classes from './growing-textarea.module.css';

type GrowingTextareaProps = Omit<TextareaProps, 'autosize' | 'maxRows' | 'rows' | 'style' | 'classNames'>;

/** A Mantine Textarea that grows with its text, from `minRows` lines, without measuring in script. */
export function GrowingTextarea({ minRows = 2, ...props }: GrowingTextareaProps) {
  return (
    <Textarea {...props} rows={minRows} classNames={{ input: classes.input }} style={{ '--growing-rows': minRows }} />
  );
}
