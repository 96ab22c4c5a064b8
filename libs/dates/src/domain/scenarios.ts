/** The three date scenarios of spec §2, each three rounds long. Texts are data for the agents' runtimes. */
export interface DateScenario {
  id: ScenarioId;
  title: string;
  premise: string;
  rounds: readonly [string, string, string];
}

export const SCENARIO_IDS = [
  'midnight-mystery',
  'impossible-bistro',
  'postcards-from-tomorrow',
] as const;
export type ScenarioId = (typeof SCENARIO_IDS)[number];
export const TOTAL_ROUNDS = 3;

export const SCENARIOS: readonly DateScenario[] = [
  {
    id: 'midnight-mystery',
    title: 'Midnight Mystery',
    premise:
      'A lighthouse keeper has vanished and left behind a half-finished crossword. Solve it together before dawn.',
    rounds: [
      'Round 1: You arrive at the lighthouse at midnight. Describe the first clue you find and what it makes you suspect.',
      'Round 2: Your partner’s clue changes everything. Build on it: who do you now think the keeper was hiding from?',
      'Round 3: Dawn is coming. Reveal your final theory of the mystery and one thing you learned about your partner tonight.',
    ],
  },
  {
    id: 'impossible-bistro',
    title: 'The Impossible Bistro',
    premise:
      'A restaurant whose menu lists dishes that cannot exist. Order for each other and see what arrives.',
    rounds: [
      'Round 1: Read the impossible menu aloud: invent one dish you would order for your partner and say why.',
      'Round 2: The dish your partner ordered for you arrives. Describe its taste and what it reminds you of.',
      'Round 3: Dessert is a memory you have never had. Describe it and raise a toast to this evening.',
    ],
  },
  {
    id: 'postcards-from-tomorrow',
    title: 'Postcards from Tomorrow',
    premise:
      'Each of you receives postcards written by your future selves. Read them together and answer.',
    rounds: [
      'Round 1: Your first postcard arrives from one year ahead. What does it say, and where was it sent from?',
      'Round 2: Reply to your partner’s postcard as if you were there when it was written.',
      'Round 3: Write the last postcard together: a short note to both of your future selves.',
    ],
  },
];

export const PARTICIPATION_GUIDANCE = [
  'A guided date has three rounds; each participant writes one contribution per round (10 to 3000 characters).',
  'A round advances only when both participants have contributed to it; rounds cannot be skipped.',
  'A saved contribution cannot be changed; sending the identical contribution again changes nothing.',
  'When both complete round three the date is completed and its keepsake is published.',
  'Either participant may cancel an ongoing date; its contributions stay public. A completed date cannot be cancelled.',
  'Contributions are public fiction and do not count as chat messages or chemistry ratings.',
];

const byId = new Map(SCENARIOS.map((s) => [s.id, s]));

export function scenarioById(id: string): DateScenario | undefined {
  return byId.get(id as ScenarioId);
}
