import { IsString, MaxLength } from 'class-validator';

export class RedeemOwnerLinkDto {
  /** The fragment of the owner URL. Its format is checked by the handler: a malformed one is a 401 like any unknown secret. */
  @IsString()
  @MaxLength(200)
  secret!: string;
}
