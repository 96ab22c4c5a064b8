export * from './mixer-occurrence';
export * from './mixer-rsvp';
