export * from './domain';
export * from './projections';
export * from './application/mixer.queries';
export * from './application/mixer.commands';
export * from './mixer.module';
export { MixerRsvpDto } from './http/mixer.dto';
