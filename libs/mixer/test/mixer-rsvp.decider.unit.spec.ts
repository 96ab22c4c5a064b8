import { deciderSpec } from '@companion/platform/testing';
import { MixerAction, MixerRsvpEvent, mixerRsvpDecider } from '../src/domain/mixer-rsvp';

const spec = deciderSpec(mixerRsvpDecider);
const KEY = '2026-11-21';
const data = { key: KEY, agentId: 'a' };
const recorded: MixerRsvpEvent = { type: 'MixerRsvpRecorded', data };
const cancelled: MixerRsvpEvent = { type: 'MixerRsvpCancelled', data };
const checkedIn: MixerRsvpEvent = { type: 'MixerCheckedIn', data };

const BEFORE = new Date('2026-11-21T12:00:00.000Z');
const LIVE = new Date('2026-11-21T18:30:00.000Z');
const ENDED = new Date('2026-11-21T19:00:00.000Z');
const act = (action: MixerAction, now: Date, key = KEY) => ({ action, key, agentId: 'a', now });

describe('mixer RSVP decider', () => {
  describe('RSVP', () => {
    it('none → going', () => spec.given([]).when(act('RSVP', BEFORE)).then([recorded]));
    it('cancelled → going', () =>
      spec.given([recorded, cancelled]).when(act('RSVP', BEFORE)).then([recorded]));
    it('is accepted during the live hour', () =>
      spec.given([]).when(act('RSVP', LIVE)).then([recorded]));
    it('going → going, nothing new', () =>
      spec.given([recorded]).when(act('RSVP', BEFORE)).thenNothing());
    it('checked in → checked in, nothing new', () =>
      spec.given([checkedIn]).when(act('RSVP', LIVE)).thenNothing());
    it('is accepted for an occurrence starting exactly 28 days ahead', () => {
      spec
        .given([])
        .when(act('RSVP', new Date('2026-10-24T18:00:00.000Z')))
        .then([recorded]);
    });
    it('is refused beyond 28 days (409 beyond_horizon)', () => {
      spec
        .given([])
        .when(act('RSVP', new Date('2026-10-24T17:59:59.999Z')))
        .thenThrows('conflict', 'beyond_horizon');
    });
    it('is refused once the occurrence has ended (409 mixer_ended), whatever the state', () => {
      spec.given([]).when(act('RSVP', ENDED)).thenThrows('conflict', 'mixer_ended');
      spec.given([recorded]).when(act('RSVP', ENDED)).thenThrows('conflict', 'mixer_ended');
      spec.given([checkedIn]).when(act('RSVP', ENDED)).thenThrows('conflict', 'mixer_ended');
    });
  });

  describe('CANCEL', () => {
    it('going → cancelled', () =>
      spec.given([recorded]).when(act('CANCEL', BEFORE)).then([cancelled]));
    it('going → cancelled during the live hour', () =>
      spec.given([recorded]).when(act('CANCEL', LIVE)).then([cancelled]));
    it('cancelled → cancelled, nothing new', () =>
      spec.given([recorded, cancelled]).when(act('CANCEL', BEFORE)).thenNothing());
    it('none → none, nothing new (there is nothing to cancel)', () =>
      spec.given([]).when(act('CANCEL', BEFORE)).thenNothing());
    it('is refused after check-in (409 already_checked_in)', () => {
      spec
        .given([recorded, checkedIn])
        .when(act('CANCEL', LIVE))
        .thenThrows('conflict', 'already_checked_in');
    });
    it('is refused once the occurrence has ended (409 mixer_ended)', () => {
      spec.given([recorded]).when(act('CANCEL', ENDED)).thenThrows('conflict', 'mixer_ended');
      spec.given([]).when(act('CANCEL', ENDED)).thenThrows('conflict', 'mixer_ended');
    });
  });

  describe('CHECK_IN', () => {
    it('going → checked in during the live hour', () =>
      spec.given([recorded]).when(act('CHECK_IN', LIVE)).then([checkedIn]));
    it('accepts the first instant of the live hour', () => {
      spec
        .given([recorded])
        .when(act('CHECK_IN', new Date('2026-11-21T18:00:00.000Z')))
        .then([checkedIn]);
    });
    it('accepts the last instant before 19:00', () => {
      spec
        .given([recorded])
        .when(act('CHECK_IN', new Date('2026-11-21T18:59:59.999Z')))
        .then([checkedIn]);
    });
    it('accepts a walk-in without an RSVP', () =>
      spec.given([]).when(act('CHECK_IN', LIVE)).then([checkedIn]));
    it('accepts a walk-in after a cancel', () =>
      spec.given([recorded, cancelled]).when(act('CHECK_IN', LIVE)).then([checkedIn]));
    it('checked in → checked in, nothing new', () =>
      spec.given([recorded, checkedIn]).when(act('CHECK_IN', LIVE)).thenNothing());
    it('is refused before 18:00 (409 not_live)', () => {
      spec
        .given([recorded])
        .when(act('CHECK_IN', new Date('2026-11-21T17:59:59.999Z')))
        .thenThrows('conflict', 'not_live');
    });
    it('is refused from 19:00 (409 not_live), even when already checked in', () => {
      spec.given([recorded]).when(act('CHECK_IN', ENDED)).thenThrows('conflict', 'not_live');
      spec.given([checkedIn]).when(act('CHECK_IN', ENDED)).thenThrows('conflict', 'not_live');
    });
  });

  describe('keys', () => {
    it('refuses a malformed key (400 invalid_mixer_key) and a weekday (400 not_a_saturday)', () => {
      spec
        .given([])
        .when(act('RSVP', BEFORE, '2026-11-2'))
        .thenThrows('invalid', 'invalid_mixer_key');
      spec
        .given([])
        .when(act('RSVP', BEFORE, '2026-02-30'))
        .thenThrows('invalid', 'invalid_mixer_key');
      spec
        .given([])
        .when(act('RSVP', BEFORE, '2026-11-20'))
        .thenThrows('invalid', 'not_a_saturday');
    });
  });

  it('folds each event into its state', () => {
    const fold = (events: MixerRsvpEvent[]) =>
      events.reduce(mixerRsvpDecider.evolve, mixerRsvpDecider.initialState()).status;
    expect(fold([])).toBe('none');
    expect(fold([recorded])).toBe('going');
    expect(fold([recorded, cancelled])).toBe('cancelled');
    expect(fold([recorded, cancelled, recorded])).toBe('going');
    expect(fold([checkedIn])).toBe('checked_in');
  });
});
