import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { FORM_INDEX, useForm } from '@mantine/form';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import type { Mic, MicPatch } from '@/api';
import { useTranslation } from '@/lib/i18n';
import { MicIdentityFields, MicLocationFields } from './mic-fields';
import {
  buildPatch,
  formValuesOf,
  isEmptyPatch,
  mapServerErrors,
  validateForm,
  withProposal,
  type MicFormValues,
  type ThresholdProposal,
} from './mic-form-model';
import { SaveResult } from './save-result';
import { ThresholdFields } from './threshold-fields';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { useMicSave } from './use-mic-save';
import classes from './mics.module.css';

function changeCount(patch: MicPatch): number {
  const { thresholds, ...rest } = patch;
  return Object.keys(rest).length + Object.keys(thresholds ?? {}).length;
}

/** The device's edit form: validates before sending, sends only what changed, keeps the input when refused. */
export function MicForm({
  mic,
  readOnly,
  readOnlyNote,
  proposal = null,
}: {
  mic: Mic;
  readOnly: boolean;
  readOnlyNote?: string;
  /** A threshold suggested elsewhere, filled in unsaved so its preview shows and saving stays a choice. */
  proposal?: ThresholdProposal | null;
}) {
  const { t } = useTranslation('mics');
  const [initial, setInitial] = useState(() => formValuesOf(mic));

  // Kept across renders: the form's setters change with its rules, and the threshold rows' inputs
  // are drawn again only when their setter changes.
  const validate = useCallback(
    (values: MicFormValues) =>
      Object.fromEntries(Object.entries(validateForm(values)).map(([path, key]) => [path, t(key)])),
    [t],
  );
  const form = useForm<MicFormValues>({
    mode: 'controlled',
    initialValues: withProposal(initial, proposal),
    validate,
    // A threshold out of range is said at once, not first on Save.
    validateInputOnChange: [`thresholds.${FORM_INDEX}.value`],
  });

  const patch = useMemo(() => buildPatch(initial, form.values), [initial, form.values]);
  const changes = readOnly ? 0 : changeCount(patch);

  const saver = useMicSave(mic.id, {
    onSaved: (saved) => {
      const next = formValuesOf(saved);
      setInitial(next);
      form.setInitialValues(next);
      form.setValues(next);
      form.resetDirty(next);
      form.clearErrors();
    },
    onFieldErrors: (errors) => {
      const mapped = mapServerErrors(errors, form.getValues(), (category, reason) =>
        t('form.categoryRefused', { category, reason }),
      );
      form.setErrors(mapped.fields);
      return mapped.general;
    },
  });

  const save = (values: MicFormValues) => {
    if (readOnly) return;
    const body = buildPatch(initial, values);
    if (!isEmptyPatch(body)) saver.save(body);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => form.onSubmit(save, saver.invalid)(event);

  return (
    <form onSubmit={submit} noValidate aria-label={t('drawer.title')}>
      <Stack gap="md">
        {readOnly && (
          <Alert color="gray" variant="light">
            {readOnlyNote ?? t('drawer.readOnly')}
          </Alert>
        )}
        {proposal !== null && (
          <Alert color="blue" variant="light" data-testid="threshold-proposal">
            {t(readOnly ? 'form.proposalReadOnly' : 'form.proposal', {
              category: proposal.category,
              value: proposal.value,
            })}
          </Alert>
        )}
        <MicIdentityFields form={form} mic={mic} readOnly={readOnly} />
        <MicLocationFields form={form} mic={mic} readOnly={readOnly} />
        <ThresholdFields form={form} mic={mic} readOnly={readOnly} />
        <SaveResult outcome={saver.outcome} failure={saver.failure} />
        {!readOnly && (
          <Group justify="space-between" className={classes.footer} gap="xs">
            <Text size="sm" c={changes > 0 ? undefined : 'dimmed'} aria-live="polite">
              {changes > 0 ? t('form.unsaved', { count: changes }) : t('form.noChanges')}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Button
                variant="default"
                disabled={changes === 0 || saver.pending}
                onClick={() => {
                  form.setValues(initial);
                  form.clearErrors();
                  saver.clearFailure();
                }}
              >
                {t('form.reset')}
              </Button>
              <Button type="submit" loading={saver.pending} disabled={changes === 0}>
                {t('form.save')}
              </Button>
            </Group>
          </Group>
        )}
      </Stack>
      <UnsavedChangesGuard changes={changes} />
    </form>
  );
}
