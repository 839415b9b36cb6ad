import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { EventFilters } from './event-filters';
import { eventsCsvBlob } from './csv';
import { downloadBlob } from '@/lib/csv';
import { collectEvents, EXPORT_ROW_CAP, type ExportProgress } from './export-events';

type ExportState =
  | { step: 'ready' }
  | { step: 'running'; progress: ExportProgress | null }
  | { step: 'done'; count: number; total: number; capped: boolean; file: string }
  | { step: 'failed'; reason: string };

interface ExportDialogProps {
  opened: boolean;
  onClose: () => void;
  filters: EventFilters;
  /** Matching events according to the table's latest page, if known. */
  total: number | undefined;
}

export function ExportDialog({ opened, onClose, filters, total }: ExportDialogProps) {
  const { t, i18n } = useTranslation('events');
  const [state, setState] = useState<ExportState>({ step: 'ready' });
  const abort = useRef<AbortController | null>(null);
  const number = (n: number) => n.toLocaleString(i18n.language);

  useEffect(() => () => abort.current?.abort(), []);

  const close = () => {
    abort.current?.abort();
    abort.current = null;
    setState({ step: 'ready' });
    onClose();
  };

  const start = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setState({ step: 'running', progress: null });
    try {
      const result = await collectEvents(
        filters,
        (progress) => setState({ step: 'running', progress }),
        controller.signal,
      );
      if (controller.signal.aborted) return;
      const file = `sound-events-${dayjs().format('YYYYMMDD-HHmmss')}.csv`;
      if (result.events.length > 0) downloadBlob(eventsCsvBlob(result.events), file);
      setState({ step: 'done', count: result.events.length, total: result.total, capped: result.capped, file });
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({ step: 'failed', reason: error instanceof Error ? error.message : String(error) });
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  };

  const progress = state.step === 'running' ? state.progress : null;
  const percent = progress === null || progress.target === 0 ? 0 : (progress.fetched / progress.target) * 100;

  return (
    // The footer's Close (Cancel while running) and Escape close it; a header ✕ would be a second "Close".
    <Modal opened={opened} onClose={close} title={t('export.title')} size="lg" withCloseButton={false}>
      <Stack gap="sm">
        <Text size="sm">
          {total === undefined ? t('export.counting') : t('export.summary', { count: total, formatted: number(total) })}{' '}
          {t('export.cap', { cap: number(EXPORT_ROW_CAP) })}
        </Text>
        {total !== undefined && total > EXPORT_ROW_CAP && state.step !== 'done' && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />}>
            {t('export.capWarning', { cap: number(EXPORT_ROW_CAP), total: number(total) })}
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          {t('export.columns')}
        </Text>
        {state.step === 'running' && (
          <Stack gap={4}>
            <Progress value={percent} animated aria-label={t('export.progressLabel')} />
            <Text size="sm" role="status" aria-live="polite">
              {progress === null
                ? t('export.counting')
                : t('export.progress', { fetched: number(progress.fetched), target: number(progress.target) })}
            </Text>
          </Stack>
        )}
        {state.step === 'done' && (
          <Alert
            color={state.count === 0 ? 'gray' : 'teal'}
            variant="light"
            icon={<IconCircleCheck aria-hidden />}
            role="status"
          >
            {state.count === 0
              ? t('export.nothing')
              : state.capped
                ? t('export.doneCapped', {
                    rows: number(state.count),
                    total: number(state.total),
                    cap: number(EXPORT_ROW_CAP),
                    file: state.file,
                  })
                : t('export.done', { rows: number(state.count), file: state.file })}
          </Alert>
        )}
        {state.step === 'failed' && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
            {t('export.failed', { reason: state.reason })}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {state.step === 'running' ? t('export.cancel') : t('export.close')}
          </Button>
          {state.step !== 'done' && (
            <Button
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => void start()}
              loading={state.step === 'running'}
              disabled={total === 0}
            >
              {t('export.start')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
