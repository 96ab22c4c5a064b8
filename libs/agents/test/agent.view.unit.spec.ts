import { AgentDoc, profileJson, toProfileView } from '../src';

const doc = (name: string): AgentDoc => ({
  _id: 'a1',
  _pos: 1,
  profile: {
    name,
    bio: 'Tea and maps.',
    framework: 'unspecified',
    personalityTraits: { openness: 0.5 },
    interests: ['tea'],
  },
  sceneId: null,
  status: 'active',
  createdAt: '2026-11-21T12:00:00.000Z',
  updatedAt: '2026-11-21T12:00:00.000Z',
  keyHash: 'secret-hash',
});

describe('the public profile as JSON text', () => {
  it('is the public view serialised: never the key hash', () => {
    const d = doc('Ada');
    expect(JSON.parse(profileJson(d))).toEqual(toProfileView(d));
    expect(profileJson(d)).not.toContain('secret-hash');
  });

  it('is kept per document, and a changed profile (a new document) gets its own', () => {
    const ada = doc('Ada');
    const first = profileJson(ada);
    expect(profileJson(ada)).toBe(first);
    expect(
      JSON.parse(profileJson({ ...ada, profile: { ...ada.profile, name: 'Grace' } })).name,
    ).toBe('Grace');
    expect(JSON.parse(profileJson(ada)).name).toBe('Ada');
  });
});
