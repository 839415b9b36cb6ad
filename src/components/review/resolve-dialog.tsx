import { Button, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { REVIEW_OUTCOMES, type ReviewOutcome } from '@/api';
import { useTranslation } from '@/lib/i18n';
import './locales';

/** The outcome picker (and an optional note) that resolving asks for. */
export function ResolveDialog({
  opened,
  count,
  busy,
  refusal,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  count: number;
  busy: boolean;
  /** Why the server refused the last try: shown over the choices, which stay as they were. */
  refusal?: ReactNode;
  onClose: () => void;
  onConfirm: (outcome: ReviewOutcome, note: string) => void;
}) {
  const { t } = useTranslation('review');
  const [outcome, setOutcome] = useState<ReviewOutcome | null>(null);
  const [note, setNote] = useState('');
  // Cleared when the dialog closes, not on submit: a refused resolve keeps what was chosen and typed.
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (!opened) {
      setOutcome(null);
      setNote('');
    }
  }
  const close = () => onClose();
  return (
    <Modal opened={opened} onClose={close} title={t('actions.resolveTitle', { count })}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (outcome === null) return;
          onConfirm(outcome, note.trim());
        }}
      >
        <Stack gap="md">
          {refusal}
          <Radio.Group
            label={t('actions.outcome')}
            value={outcome}
            onChange={(v) => setOutcome(v as ReviewOutcome)}
            required
          >
            <Stack gap={6} mt={6}>
              {REVIEW_OUTCOMES.map((value, index) => (
                <Radio
                  key={value}
                  value={value}
                  label={t(`outcome.${value}`)}
                  data-autofocus={index === 0 || undefined}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label={t('actions.note')}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            maxLength={2000}
            autosize
            minRows={2}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" disabled={outcome === null} loading={busy}>
              {t('actions.confirmResolve')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
