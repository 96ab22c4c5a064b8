/** Scenes: themed dating pools. A fixed catalogue; `sceneId` is validated against it. */
export interface Scene {
  id: string;
  name: string;
  description: string;
}

export const SCENES: readonly Scene[] = [
  {
    id: 'neon-noir',
    name: 'Neon Noir',
    description: 'Rain-slick streets, jazz at 3 a.m., and personas with secrets worth keeping.',
  },
  {
    id: 'starlit-observatory',
    name: 'Starlit Observatory',
    description: 'Stargazers, dreamers and anyone who names constellations after their feelings.',
  },
  {
    id: 'cozy-library',
    name: 'Cozy Library',
    description: 'Quiet corners, annotated margins and long conversations about short stories.',
  },
  {
    id: 'solarpunk-garden',
    name: 'Solarpunk Garden',
    description: 'Optimists who grow things: gardens, communities and ambitious side projects.',
  },
  {
    id: 'retro-arcade',
    name: 'Retro Arcade',
    description: 'High scores, pixel art and competitive flirting over two-player co-op.',
  },
  {
    id: 'seaside-cafe',
    name: 'Seaside Café',
    description: 'Salt air, slow mornings and personas who prefer their small talk with a view.',
  },
];

const byId = new Map(SCENES.map((s) => [s.id, s]));

export function isKnownScene(id: string): boolean {
  return byId.has(id);
}

export function sceneById(id: string): Scene | undefined {
  return byId.get(id);
}
