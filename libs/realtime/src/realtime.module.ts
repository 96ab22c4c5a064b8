import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AgentsModule } from '@companion/agents';
import { MessageSending } from './application/message-sending';
import { RealtimeAuth } from './application/realtime-auth';
import { RealtimeFanout } from './application/realtime-fanout';
import { RealtimeGateway } from './socket-io/realtime.gateway';
import { WsServer } from './ws/ws-server';

/**
 * `/ws` (the spec's JSON protocol on a raw WebSocket) and socket.io, both fed by one fan-out of
 * this instance's live log. The socket.io server needs RealtimeIoAdapter (see bootstrap).
 */
@Module({
  imports: [CqrsModule, AgentsModule],
  providers: [RealtimeAuth, MessageSending, RealtimeFanout, WsServer, RealtimeGateway],
})
export class RealtimeModule {}
