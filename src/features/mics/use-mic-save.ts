import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError, storeMic, updateMic, type FieldError, type Mic, type MicPatch } from '@/api';
import { useTranslation } from '@/lib/i18n';
import { describeSent } from './save-result';
import './locales';

export interface SaveOutcome {
  sent: MicPatch;
  mic: Mic;
}

/** Why the last save did not happen: the form refused it, or the server (or the way to it) did. */
export type SaveFailure =
  | { kind: 'invalid' }
  | {
      kind: 'refused';
      error: Error;
      /** Server messages no field claimed. */
      unmapped: string[];
      /** Some of the server's messages stand at their fields. */
      marked: boolean;
    };

/**
 * Sends a PATCH at most once at a time and reports what happened. `onSaved` gets the device as
 * the server now has it; `onFieldErrors` gets a 422's messages to place on their fields, and
 * returns the ones no field claimed.
 */
export function useMicSave(
  micId: string,
  { onSaved, onFieldErrors }: { onSaved: (mic: Mic) => void; onFieldErrors: (errors: FieldError[]) => string[] },
) {
  const { t } = useTranslation('mics');
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const saving = useRef(false);

  const mutation = useMutation({
    mutationFn: (body: MicPatch) => updateMic(micId, body),
    onSuccess: (saved, sent) => {
      storeMic(queryClient, saved);
      onSaved(saved);
      setFailure(null);
      setOutcome({ sent, mic: saved });
      notifications.show({
        color: 'teal',
        title: t('form.saved', { name: saved.name }),
        message: describeSent(t, sent),
      });
    },
    onError: (error) => {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : [];
      const unmapped = onFieldErrors(fieldErrors);
      setOutcome(null);
      setFailure({ kind: 'refused', error, unmapped, marked: unmapped.length < fieldErrors.length });
    },
    onSettled: () => {
      saving.current = false;
    },
  });

  return {
    outcome,
    failure,
    pending: mutation.isPending,
    /** Sends the patch unless a save is already on its way (a second click, or Enter). */
    save(body: MicPatch) {
      if (saving.current) return;
      saving.current = true;
      setFailure(null);
      mutation.mutate(body);
    },
    invalid() {
      setOutcome(null);
      setFailure({ kind: 'invalid' });
    },
    clearFailure: () => setFailure(null),
  };
}
