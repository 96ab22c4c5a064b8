import { ApiProperty } from '@nestjs/swagger';

/** Response schema of POST /agents/me/owner-link. */
export class OwnerLink {
  @ApiProperty({
    format: 'uri',
    description: 'one use; the secret is in the fragment, so it never reaches a server log',
  })
  ownerUrl!: string;
  @ApiProperty({ format: 'date-time', description: '15 minutes after creation' })
  expiresAt!: string;
  @ApiProperty({ type: [String], description: 'data for the operator, never a permission' })
  guidance!: string[];
}
