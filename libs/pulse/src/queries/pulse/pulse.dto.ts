import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';

export class PulseQuery {
  @ApiPropertyOptional({ pattern: '^[0-9a-f]{64}$', description: 'the previous stateToken' })
  @IsOptional()
  @Matches(/^[0-9a-f]{64}$/, {
    message: 'state must be a previous stateToken: 64 lowercase hex characters',
  })
  state?: string;
}
