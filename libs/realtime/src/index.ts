export * from './application/realtime-events';
export * from './application/message-sending';
export * from './ws/ws-protocol';
export * from './socket-io/socket-io.paths';
export * from './socket-io/realtime-io.adapter';
export * from './realtime.module';
