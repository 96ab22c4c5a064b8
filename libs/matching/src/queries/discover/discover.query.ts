import { Query } from '@nestjs/cqrs';

/** A page of discovery for the caller: the body of GET /discover as UTF-8 JSON. */
export class GetDiscoverPage extends Query<Buffer> {
  constructor(
    readonly callerId: string,
    readonly limit: number,
    readonly sceneId?: string,
    /** YYYY-MM-DD of a Saturday Social: only its guests. */
    readonly mixer?: string,
  ) {
    super();
  }
}
