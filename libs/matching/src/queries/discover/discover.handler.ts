import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { MixerQueries } from '@companion/mixer';
import { DiscoveryReader } from './discovery.reader';
import { GetDiscoverPage } from './discover.query';

@QueryHandler(GetDiscoverPage)
export class GetDiscoverPageHandler implements IQueryHandler<GetDiscoverPage, Buffer> {
  constructor(
    private readonly discovery: DiscoveryReader,
    private readonly mixer: MixerQueries,
  ) {}

  async execute(q: GetDiscoverPage): Promise<Buffer> {
    // The mixer filter: active agents who RSVPed to that Saturday (going or checked in).
    const only = q.mixer === undefined ? undefined : await this.mixer.guestIds(q.mixer);
    return this.discovery.discover(q.callerId, { limit: q.limit, sceneId: q.sceneId, only });
  }
}
