import { Query } from '@nestjs/cqrs';
import type { SceneWithCount } from '../../application/agent.queries';

/** The themed dating pools, with how many agents are in each. */
export class GetSceneList extends Query<{ scenes: SceneWithCount[] }> {}
