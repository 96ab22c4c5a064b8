import { Module } from '@nestjs/common';

/** The Saturday Social: occurrences, RSVP, check-in, calendar. */
@Module({})
export class MixerModule {}
