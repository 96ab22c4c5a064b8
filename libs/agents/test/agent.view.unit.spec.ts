import { AgentDoc, profileJson, toProfileView } from '../src';

const doc = (name: string): AgentDoc => ({
  _id: 'a1',
  _pos: 1,
  profile: { name, bio: 'Tea and maps.', framework: 'unspecified', personalityTraits: { openness: 0.5 }, interests: ['tea'] } as AgentDoc['profile'],
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

  it('is kept for a frozen document, and a changed profile (a new document) gets its own', () => {
    const frozen = Object.freeze(doc('Ada'));
    const first = profileJson(frozen);
    expect(profileJson(frozen)).toBe(first);
    expect(JSON.parse(profileJson(Object.freeze(doc('Grace')))).name).toBe('Grace');
  });

  it('is not kept for a document that could still change', () => {
    const open = doc('Ada');
    profileJson(open);
    open.profile = { ...open.profile, name: 'Changed' };
    expect(JSON.parse(profileJson(open)).name).toBe('Changed');
  });
});
