import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { LIMITS, TextLength } from '@companion/platform';

export class SendMessageDto {
  @ApiProperty({ minLength: LIMITS.message.min, maxLength: LIMITS.message.max })
  @IsString()
  @TextLength(LIMITS.message.min, LIMITS.message.max)
  content!: string;
}
