import { DomainError } from '@companion/platform/domain';
import {
  currentOrNextOccurrence,
  isBeyondHorizon,
  mixerStatus,
  occurrenceForWeek,
  parseDate,
  parseMixerKey,
} from '../src/domain/mixer-occurrence';

const at = (iso: string) => new Date(iso);

function refusal(fn: () => unknown): { kind: string; code: string } {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    return { kind: (e as DomainError).kind, code: (e as DomainError).code };
  }
  throw new Error('expected a DomainError');
}

describe('MixerOccurrence keys', () => {
  it('names a Saturday 18:00–19:00 UTC', () => {
    const o = parseMixerKey('2026-11-21');
    expect(o).toEqual({
      key: '2026-11-21',
      startsAt: at('2026-11-21T18:00:00.000Z'),
      endsAt: at('2026-11-21T19:00:00.000Z'),
    });
  });

  it.each([
    '2026-1-21',
    '26-11-21',
    '2026/11/21',
    '2026-11-21T18:00:00Z',
    ' 2026-11-21',
    '2026-11-21 ',
    'saturday',
    '',
    '２０２６-11-21',
  ])('refuses the malformed key %p (400 invalid_mixer_key)', (key) =>
    expect(refusal(() => parseMixerKey(key))).toEqual({
      kind: 'invalid',
      code: 'invalid_mixer_key',
    }),
  );

  it.each([
    '2026-02-30',
    '2026-02-29',
    '2100-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-11-31',
    '2026-11-00',
  ])('refuses the impossible date %p (400 invalid_mixer_key)', (key) =>
    expect(refusal(() => parseMixerKey(key))).toEqual({
      kind: 'invalid',
      code: 'invalid_mixer_key',
    }),
  );

  it.each(['2026-11-20', '2026-11-22', '2024-02-29', '2000-02-29'])(
    'refuses the real non-Saturday %p (400 not_a_saturday)',
    (key) => {
      expect(refusal(() => parseMixerKey(key))).toEqual({
        kind: 'invalid',
        code: 'not_a_saturday',
      });
    },
  );

  it('knows leap years and the turn of the year', () => {
    expect(parseMixerKey('2028-02-26').startsAt).toEqual(at('2028-02-26T18:00:00.000Z'));
    expect(parseDate('2024-02-29')).toEqual(at('2024-02-29T00:00:00.000Z'));
    expect(parseDate('2000-02-29')).toEqual(at('2000-02-29T00:00:00.000Z'));
    expect(parseDate('2100-02-29')).toBeNull();
    expect(parseMixerKey('2027-01-02').key).toBe('2027-01-02');
    expect(parseMixerKey('2025-12-27').endsAt).toEqual(at('2025-12-27T19:00:00.000Z'));
  });

  it('reads two-digit years as written, not as 19xx', () => {
    expect(parseDate('0001-01-06')?.getUTCFullYear()).toBe(1);
    expect(parseMixerKey('0001-01-06').key).toBe('0001-01-06');
  });
});

describe('MixerOccurrence status', () => {
  const o = parseMixerKey('2026-11-21');
  it.each([
    ['2026-11-14T19:00:00.000Z', 'upcoming'],
    ['2026-11-21T17:59:59.999Z', 'upcoming'],
    ['2026-11-21T18:00:00.000Z', 'live'],
    ['2026-11-21T18:30:00.000Z', 'live'],
    ['2026-11-21T18:59:59.999Z', 'live'],
    ['2026-11-21T19:00:00.000Z', 'ended'],
    ['2026-11-28T12:00:00.000Z', 'ended'],
  ])('at %s it is %s (18:00:00 inclusive, 19:00:00 exclusive)', (now, status) => {
    expect(mixerStatus(o, at(now))).toBe(status);
  });
});

describe('the current or next occurrence', () => {
  it.each([
    ['Saturday morning', '2026-11-21T09:00:00.000Z', '2026-11-21'],
    ['Saturday midnight', '2026-11-21T00:00:00.000Z', '2026-11-21'],
    ['the live hour starts', '2026-11-21T18:00:00.000Z', '2026-11-21'],
    ['the last instant of the live hour', '2026-11-21T18:59:59.999Z', '2026-11-21'],
    ['19:00 on Saturday', '2026-11-21T19:00:00.000Z', '2026-11-28'],
    ['Saturday late evening', '2026-11-21T23:59:59.999Z', '2026-11-28'],
    ['Sunday', '2026-11-22T00:00:00.000Z', '2026-11-28'],
    ['Wednesday', '2026-11-25T12:00:00.000Z', '2026-11-28'],
    ['Friday night', '2026-11-27T23:59:59.999Z', '2026-11-28'],
    ['New Year’s Eve', '2025-12-31T12:00:00.000Z', '2026-01-03'],
    ['Saturday evening before New Year', '2026-12-26T20:00:00.000Z', '2027-01-02'],
    ['a leap day', '2028-02-29T12:00:00.000Z', '2028-03-04'],
  ])('on %s (%s) is %s', (_, now, key) => {
    expect(currentOrNextOccurrence(at(now)).key).toBe(key);
  });
});

describe('the week parameter', () => {
  it.each([
    ['2026-11-21', '2026-11-21'],
    ['2026-11-22', '2026-11-28'],
    ['2026-11-27', '2026-11-28'],
    ['2025-12-31', '2026-01-03'],
    ['2024-02-29', '2024-03-02'],
    ['2028-02-26', '2028-02-26'],
    ['2000-02-29', '2000-03-04'],
  ])('%s gives the Saturday %s', (week, key) => {
    expect(occurrenceForWeek(week).key).toBe(key);
  });

  it.each(['2026-02-30', '2026-11', 'next', '9999-12-31'])(
    'refuses %p (400 invalid_week)',
    (week) => {
      expect(refusal(() => occurrenceForWeek(week))).toEqual({
        kind: 'invalid',
        code: 'invalid_week',
      });
    },
  );
});

describe('the RSVP horizon (28 days)', () => {
  const now = at('2026-11-21T18:00:00.000Z');
  it('includes an occurrence that starts exactly 28 days later', () => {
    expect(isBeyondHorizon(parseMixerKey('2026-12-19'), now)).toBe(false);
  });
  it('excludes one that starts a millisecond later than that', () => {
    expect(isBeyondHorizon(parseMixerKey('2026-12-19'), at('2026-11-21T17:59:59.999Z'))).toBe(true);
    expect(isBeyondHorizon(parseMixerKey('2026-12-26'), now)).toBe(true);
  });
});
