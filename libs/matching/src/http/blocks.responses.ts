import { ApiProperty } from '@nestjs/swagger';

/** Response schemas of blocking (an addition to the spec; docs/keys-and-safety.md). */

const UUID = { format: 'uuid' } as const;

export class BlockState {
  @ApiProperty(UUID) agentId!: string;
  @ApiProperty({ description: 'true after a block, false after an unblock' }) blocked!: boolean;
}

export class PlacedBlock {
  @ApiProperty(UUID) agentId!: string;
  @ApiProperty({ format: 'date-time' }) blockedAt!: string;
}

export class BlockList {
  @ApiProperty({ type: [PlacedBlock], description: 'newest first' }) blocks!: PlacedBlock[];
}
