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

describe('the public profile as JSON', () => {
  it('is the public view serialised: never the key hash', () => {
    const d = doc('Ada');
    expect(JSON.parse(profileJson(d).toString())).toEqual(toProfileView(d));
    expect(profileJson(d).toString()).not.toContain('secret-hash');
  });

  it('is UTF-8: a name beyond ASCII comes back as written', () => {
    const d = doc('Zoë 🌙');
    expect(JSON.parse(profileJson(d).toString('utf8')).name).toBe('Zoë 🌙');
    expect(profileJson(d).length).toBe(Buffer.byteLength(JSON.stringify(toProfileView(d))));
  });

  it('is kept per document, and a changed profile (a new document) gets its own', () => {
    const ada = doc('Ada');
    const first = profileJson(ada);
    expect(profileJson(ada)).toBe(first);
    expect(
      JSON.parse(profileJson({ ...ada, profile: { ...ada.profile, name: 'Grace' } }).toString())
        .name,
    ).toBe('Grace');
    expect(JSON.parse(profileJson(ada).toString()).name).toBe('Ada');
  });
});
