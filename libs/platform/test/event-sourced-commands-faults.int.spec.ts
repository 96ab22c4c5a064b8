import { UnavailableError, UnknownError } from '@kurrent/kurrentdb-client';
import { AppendOutcomeUnknownError } from '@companion/event-store';
import { EsdbEventStore } from '@companion/event-store/esdb';
import { KurrentDbStandIn } from '../../event-store/src/testing/kurrentdb-stand-in';
import { Decider, DomainEvent } from '../src/domain';
import { CommandScope, eventIdOf } from '../src/event-sourcing/command-ids';
import { EventSourcedCommands } from '../src/event-sourcing/event-sourced-commands';
import { commandLoopOver } from '../src/testing/command-loop';

type Added = DomainEvent<'Added', { by: string }>;
const tally: Decider<{ count: number }, { by: string }, Added> = {
  initialState: () => ({ count: 0 }),
  evolve: (s) => ({ count: s.count + 1 }),
  decide: (c) => [{ type: 'Added', data: { by: c.by } }],
};

/**
 * The command loop over the KurrentDB adapter, with the client's own errors thrown by a stand-in
 * at chosen points: a write that landed is answered as a success, and a command sent again lands once.
 */
describe('EventSourcedCommands under event store faults', () => {
  let client: KurrentDbStandIn;
  let store: EsdbEventStore;
  let commands: EventSourcedCommands;
  const lost = () => ({ when: 'after' as const, error: new UnknownError(undefined, 'internal') });
  const down = () => ({ when: 'before' as const, error: new UnavailableError(undefined, 'down') });

  beforeEach(() => {
    client = new KurrentDbStandIn();
    store = new EsdbEventStore(client, {
      append: { attempts: 3, backoff: { initialMs: 1, maxMs: 2 } },
    });
    commands = commandLoopOver(store);
  });
  afterEach(() => store.close());

  it('fixes the event ids before the first attempt, from the command id', async () => {
    await commands.handle('tally-a', tally, { by: 'x' }, { commandId: 'cmd-1' });
    expect((await store.readStream('tally-a')).map((e) => e.id)).toEqual([eventIdOf('cmd-1', 0)]);
  });

  it('answers a write that landed but whose every answer was lost as a success, written once', async () => {
    // The first try lands; it and every retry lose their answer (the retries are recognised by
    // their ids and write nothing): the adapter gives up, the loop reads the stream and finds them.
    client.appendFaults.push(lost(), lost(), lost());
    const r = await commands.handle('tally-b', tally, { by: 'x' });
    const stored = await store.readStream('tally-b');
    expect(stored).toHaveLength(1);
    expect(r).toMatchObject({ state: { count: 1 }, position: stored[0].position });
    expect(new Set(client.appendRequests.map((ids) => ids.join()))).toEqual(
      new Set([stored[0].id]),
    );
  });

  it('sends the same append again when the store was down for every try of the adapter', async () => {
    client.appendFaults.push(down(), down(), down());
    const r = await commands.handle('tally-c', tally, { by: 'x' });
    expect(await store.readStream('tally-c')).toHaveLength(1);
    expect(r.state.count).toBe(1);
    expect(client.appendRequests).toHaveLength(4);
    expect(new Set(client.appendRequests.map((ids) => ids.join())).size).toBe(1);
  });

  it('after a read that did not find an append with an unknown outcome, sends that same append, not a new decision', async () => {
    // The append lands but its answer is lost every time; the read that settles it does not see it
    // yet (the append landing just after that read). Deciding again on the stream, which now holds
    // the command's own event, would append it a second time under the same id at the next revision.
    client.appendFaults.push(lost(), lost(), lost());
    const read = store.readStream.bind(store);
    let hidden = false;
    jest.spyOn(store, 'readStream').mockImplementation(async (...args) => {
      if (client.appendRequests.length && !hidden) {
        hidden = true;
        return [];
      }
      return read(...args);
    });
    const r = await commands.handle('tally-e', tally, { by: 'x' });
    const stored = await read('tally-e');
    expect(stored).toHaveLength(1);
    expect(r).toMatchObject({ state: { count: 1 }, position: stored[0].position });
  });

  it('a request sent again in the same command scope finds its events and writes nothing', async () => {
    // The first request lands, but the store answers nothing until the loop gives up (a 503).
    client.appendFaults.push(lost(), lost(), lost());
    const read = store.readStream.bind(store);
    const readStream = jest
      .spyOn(store, 'readStream')
      .mockImplementation((...args) =>
        client.appendRequests.length ? Promise.reject(new Error('down')) : read(...args),
      );
    await expect(
      commands.handle('tally-d', tally, { by: 'x' }, { scope: new CommandScope('agent-1/key-1') }),
    ).rejects.toBeInstanceOf(AppendOutcomeUnknownError);
    readStream.mockRestore();
    // The client sends the request again with the same Idempotency-Key: the same scope.
    const again = await commands.handle(
      'tally-d',
      tally,
      { by: 'x' },
      { scope: new CommandScope('agent-1/key-1') },
    );
    expect(await store.readStream('tally-d')).toHaveLength(1);
    expect(again).toMatchObject({ state: { count: 1 }, events: [{ type: 'Added' }] });
    // Another scope is another request: it writes.
    await commands.handle(
      'tally-d',
      tally,
      { by: 'y' },
      { scope: new CommandScope('agent-1/key-2') },
    );
    expect(await store.readStream('tally-d')).toHaveLength(2);
  }, 30_000);
});
