import { describe, expect, it } from 'vitest';
import { micFixture } from '@/testing/fixtures';
import {
  buildPatch,
  formValuesOf,
  mapServerErrors,
  validateForm,
  withProposal,
  type MicFormValues,
} from './mic-form-model';

const mic = micFixture({
  thresholds: { scream: { sound_level_ge: 75, confidence: 0.7 }, drone: { sound_level_ge: 70, confidence: 0.7 } },
});

describe('buildPatch', () => {
  it('sends nothing when nothing changed', () => {
    const values = formValuesOf(mic);
    expect(buildPatch(values, structuredClone(values))).toEqual({});
  });

  it('sends only the changed fields', () => {
    const initial = formValuesOf(mic);
    expect(buildPatch(initial, { ...initial, name: 'New name' })).toEqual({ name: 'New name' });
    expect(buildPatch(initial, { ...initial, host: '10.0.0.9' })).toEqual({ host: '10.0.0.9' });
    expect(buildPatch(initial, { ...initial, status: 'inactive' })).toEqual({ status: 'inactive' });
  });

  it('ignores whitespace-only differences in text fields and trims what it sends', () => {
    const initial = formValuesOf(mic);
    expect(buildPatch(initial, { ...initial, name: `${mic.name}  ` })).toEqual({});
    expect(buildPatch(initial, { ...initial, name: '  Gate 3 ' })).toEqual({ name: 'Gate 3' });
  });

  it('sends the whole location when one coordinate moved', () => {
    const initial = formValuesOf(mic);
    expect(buildPatch(initial, { ...initial, latitude: 37.1 })).toEqual({
      location: { latitude: 37.1, longitude: mic.location.longitude },
    });
    expect(buildPatch(initial, { ...initial, longitude: '127.5' })).toEqual({
      location: { latitude: mic.location.latitude, longitude: 127.5 },
    });
  });

  it('sends only changed and added threshold categories, keeping unknown ones untouched', () => {
    const initial = formValuesOf(mic);
    const current = {
      ...initial,
      thresholds: [
        ...initial.thresholds.map((row) => (row.category === 'scream' ? { ...row, value: 0.75 } : row)),
        { category: 'glass_break', value: 0.6, added: true },
      ],
    };
    expect(buildPatch(initial, current)).toEqual({ thresholds: { scream: 0.75, glass_break: 0.6 } });
  });

  it('does not send an unknown status it cannot write', () => {
    const odd = formValuesOf(micFixture({ status: 'maintenance' }));
    expect(buildPatch(odd, { ...odd })).toEqual({});
  });
});

describe('validateForm', () => {
  it('accepts the server values', () => {
    expect(validateForm(formValuesOf(mic))).toEqual({});
  });

  it('flags each bad field by its form path', () => {
    const values = formValuesOf(mic);
    const errors = validateForm({
      ...values,
      name: '  ',
      latitude: 91,
      longitude: '',
      thresholds: [
        { category: 'scream', value: 1.2, added: false },
        { category: 'scream', value: 0.5, added: true },
        { category: '', value: -0.1, added: true },
      ],
    });
    expect(errors).toEqual({
      name: 'validation.nameRequired',
      latitude: 'validation.latitudeRange',
      longitude: 'validation.longitudeRange',
      'thresholds.0.value': 'validation.thresholdRange',
      'thresholds.1.category': 'validation.categoryDuplicate',
      'thresholds.2.category': 'validation.categoryRequired',
      'thresholds.2.value': 'validation.thresholdRange',
    });
  });

  it('accepts the range bounds', () => {
    const values = formValuesOf(mic);
    expect(
      validateForm({
        ...values,
        latitude: -90,
        longitude: 180,
        thresholds: [{ category: 'x', value: 0, added: true }],
      }),
    ).toEqual({});
  });
});

describe('mapServerErrors', () => {
  it('maps 422 loc paths onto the form fields', () => {
    const values = formValuesOf(mic);
    const droneIndex = values.thresholds.findIndex((r) => r.category === 'drone');
    const mapped = mapServerErrors(
      [
        { path: ['name'], message: 'String should have at least 1 character' },
        { path: ['location', 'latitude'], message: 'Input should be less than or equal to 90' },
        { path: ['thresholds', 'drone'], message: 'Input should be less than or equal to 1' },
        { path: ['thresholds', 'gone'], message: 'unknown category' },
        { path: [], message: 'Field required' },
      ],
      values,
      (category, reason) => `refused ${category}: ${reason}`,
    );
    expect(mapped.fields).toEqual({
      name: 'String should have at least 1 character',
      latitude: 'Input should be less than or equal to 90',
      [`thresholds.${droneIndex}.value`]: 'Input should be less than or equal to 1',
    });
    expect(mapped.general).toEqual(['gone: unknown category', 'Field required']);
  });

  it('puts a refused category key on its row, in the words given, not on the narrow number field', () => {
    const values = withProposal(formValuesOf(mic), { category: 'Gunshot (gunshot)', value: 0.5 });
    const index = values.thresholds.length - 1;
    const mapped = mapServerErrors(
      [{ path: ['thresholds', 'Gunshot (gunshot)', '[key]'], message: "Input should be 'scream' or 'gunshot'" }],
      values,
      (category, reason) => `refused ${category}: ${reason}`,
    );
    expect(mapped.fields).toEqual({
      [`thresholds.${index}.category`]: "refused Gunshot (gunshot): Input should be 'scream' or 'gunshot'",
    });
  });
});

describe('withProposal', () => {
  const values: MicFormValues = {
    name: 'a',
    host: 'h',
    status: 'active',
    latitude: 1,
    longitude: 2,
    thresholds: [{ category: 'scream', value: 0.5, added: false }],
  };
  it('fills the proposed value into the category it names, as an unsaved change', () => {
    const next = withProposal(values, { category: 'scream', value: 0.72 });
    expect(next.thresholds).toEqual([{ category: 'scream', value: 0.72, added: false }]);
    expect(buildPatch(values, next)).toEqual({ thresholds: { scream: 0.72 } });
  });
  it('adds the category when the device does not have it, and leaves the values alone without a proposal', () => {
    expect(withProposal(values, { category: 'dog_bark', value: 0.6 }).thresholds[1]).toEqual({
      category: 'dog_bark',
      value: 0.6,
      added: true,
    });
    expect(withProposal(values, null)).toBe(values);
  });
});
