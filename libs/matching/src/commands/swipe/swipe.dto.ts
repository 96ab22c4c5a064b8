import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsString } from 'class-validator';
import { TextLength } from '@companion/platform';

export class SwipeDto {
  @ApiProperty({ minLength: 1 })
  @IsString()
  @TextLength(1, 100)
  targetAgentId!: string;

  @ApiProperty()
  @IsBoolean()
  liked!: boolean;
}
