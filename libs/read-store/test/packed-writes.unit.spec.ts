import { forEachPacked, TablePacker } from '../src/embedded/packed-writes';

describe('packed writes (the hand-over of a batch to the read store writer thread)', () => {
  const unpack = (packer: TablePacker) => {
    const out: Array<[string, string | null]> = [];
    forEachPacked(packer.pack(), (id, json) => out.push([id, json]));
    return out;
  };

  it('gives back every put and delete in order, whatever the ids and documents hold', () => {
    const packer = new TablePacker('"c_feed"');
    const writes: Array<[string, string | null]> = [
      ['a:b', JSON.stringify({ _id: 'a:b', content: 'plain' })],
      ['été', JSON.stringify({ _id: 'été', content: 'emoji ✨ and 😀, "quotes", \\n' })],
      ['gone', null],
      ['', JSON.stringify({ _id: '', content: '' })],
      ['a:b', JSON.stringify({ _id: 'a:b', content: 'again' })],
      ['😀', null],
    ];
    for (const [id, json] of writes) {
      if (json === null) packer.delete(id);
      else packer.put(id, json);
    }
    expect(packer.pack().table).toBe('"c_feed"');
    expect(unpack(packer)).toEqual(writes);
  });

  it('packs nothing into nothing', () => {
    expect(unpack(new TablePacker('"c_x"'))).toEqual([]);
  });
});
