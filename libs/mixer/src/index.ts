export * from './domain';
export * from './projections';
export * from './application/mixer.queries';
export * from './application/mixer-streams';
export * from './commands/mixer-rsvp/mixer-rsvp.command';
export { ActOnMixerHandler } from './commands/mixer-rsvp/mixer-rsvp.handler';
export * from './mixer.module';
export { MixerRsvpDto } from './commands/mixer-rsvp/mixer-rsvp.dto';
