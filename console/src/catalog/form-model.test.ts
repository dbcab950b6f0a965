import { describe, expect, it } from 'vitest';
import {
  buildRequestBody,
  describeFields,
  FieldParseError,
  type FieldValue,
  fromFieldValue,
  getAtPath,
  setAtPath,
  toFieldValue,
} from './form-model.ts';

const lounge = {
  id: 'lounge-1',
  name: { 'en-US': 'Blue Lounge', 'ru-RU': 'Синий зал' },
  hub_id: 'hub-1',
  is_active: true,
  landside: false,
  amenity_ids: ['wifi', 'showers'],
  location: { coordinates: { latitude: 55.97, longitude: 37.41 } },
  business_hours: [{ day: 1, times: { type: 'STANDARD', detail: '05:00-23:00' } }],
  policy: {},
  updated_at: '2026-01-01T00:00:00Z',
};

describe('the catalog item form', () => {
  it('has one field per leaf, named by the same dotted path the API reports errors on', () => {
    const fields = describeFields(lounge);

    expect(fields.map((field) => [field.path, field.kind, field.readOnly])).toEqual([
      ['id', 'text', true],
      ['name.en-US', 'text', false],
      ['name.ru-RU', 'text', false],
      ['hub_id', 'text', false],
      ['is_active', 'boolean', true],
      ['landside', 'boolean', false],
      ['amenity_ids', 'list', false],
      ['location.coordinates.latitude', 'number', false],
      ['location.coordinates.longitude', 'number', false],
      ['business_hours', 'json', false],
      ['policy', 'json', false],
      ['updated_at', 'text', true],
    ]);
  });

  it('labels localized texts with their locale and references by their name', () => {
    const labels = Object.fromEntries(describeFields(lounge).map((field) => [field.path, field.label]));

    expect(labels['name.en-US']).toBe('Name (en-US)');
    expect(labels.hub_id).toBe('Hub id');
    expect(labels.amenity_ids).toBe('Amenity ids');
    expect(labels['location.coordinates.latitude']).toBe('Location › Coordinates › Latitude');
  });

  it('builds the request body from edited fields, without the fields the service owns', () => {
    const fields = describeFields(lounge);
    const values = new Map<string, FieldValue>(
      fields.map((field) => [field.path, toFieldValue(field, getAtPath(lounge, field.path))]),
    );
    values.set('name.en-US', 'Green Lounge');
    values.set('amenity_ids', 'wifi\nspa\n\n');
    values.set('location.coordinates.latitude', '56.5');
    values.set('landside', true);
    values.set('is_active', false);

    const body = buildRequestBody(lounge, fields, values);

    expect(body).toEqual({
      name: { 'en-US': 'Green Lounge', 'ru-RU': 'Синий зал' },
      hub_id: 'hub-1',
      is_active: true,
      landside: true,
      amenity_ids: ['wifi', 'spa'],
      location: { coordinates: { latitude: 56.5, longitude: 37.41 } },
      business_hours: lounge.business_hours,
      policy: {},
    });
    expect(lounge.name['en-US']).toBe('Blue Lounge');
  });

  it('leaves a number it cannot read as typed, so the API names the problem at the field', () => {
    const [latitude] = describeFields({ latitude: 1 });
    if (!latitude) throw new Error('no field');

    expect(fromFieldValue(latitude, 'north', 1)).toBe('north');
    expect(fromFieldValue(latitude, '', null)).toBeNull();
  });

  it('refuses JSON it cannot parse, naming the field', () => {
    const [hours] = describeFields({ business_hours: [{ day: 1 }] });
    if (!hours) throw new Error('no field');

    expect(() => fromFieldValue(hours, '[{', [])).toThrow(FieldParseError);
    expect(fromFieldValue(hours, '[{"day":2}]', [])).toEqual([{ day: 2 }]);
  });

  it('sets a nested value without changing the original object', () => {
    const original = { a: { b: 1 } };
    const changed = setAtPath(original, 'a.c.d', 2);

    expect(changed).toEqual({ a: { b: 1, c: { d: 2 } } });
    expect(original).toEqual({ a: { b: 1 } });
  });
});
