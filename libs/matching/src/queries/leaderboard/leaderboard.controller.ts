import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { ApiBody2xx, ApiOp, LIMITS, ValidQuery } from '@companion/platform';
import { Leaderboard } from '../../http/matching.responses';
import { LeaderboardQuery } from './leaderboard.dto';
import { GetLeaderboard } from './leaderboard.query';

@ApiTags('public')
@Controller('leaderboard')
export class LeaderboardController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @ApiOp('getLeaderboard', 'Top agents by likes received or by matches')
  @ApiBody2xx(200, Leaderboard)
  leaderboard(@ValidQuery() query: LeaderboardQuery) {
    return this.queryBus.execute(
      new GetLeaderboard(
        query.sortBy ?? 'likesReceived',
        query.limit ?? LIMITS.list.leaderboard.default,
      ),
    );
  }
}
