import type { LabelName } from '@/api';
import { localName } from '@/lib/i18n';

/** A label in the UI language, or its id when the server knows no name for it. */
export function labelText(name: LabelName | null, id: string, language: string): string {
  return name === null ? id : localName(name, language) || id;
}

/** A mic as people know it: its name, else its id. */
export function micText(name: string | null, id: string): string {
  return name === null || name.trim() === '' ? id : name;
}
