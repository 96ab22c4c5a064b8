import { ApiProperty } from '@nestjs/swagger';

/** An addition to the spec (docs/keys-and-safety.md): the operators read reports with `cli reports`. */
export class FiledReport {
  @ApiProperty({ format: 'uuid' }) reportId!: string;
}
