import { Decider, DomainError, DomainEvent, fold } from '../domain';

/**
 * Given/when/then for deciders:
 *   spec(decider).given([...past events]).when(command).then([...new events])
 *   spec(decider).given([...]).when(command).thenThrows('conflict', 'code')
 */
export function deciderSpec<S, C, E extends DomainEvent>(decider: Decider<S, C, E>) {
  return {
    given(events: E[]) {
      return {
        when(command: C) {
          const run = () => decider.decide(command, fold(decider, events));
          return {
            then(expected: E[]) {
              expect(run()).toEqual(expected);
            },
            thenNothing() {
              expect(run()).toEqual([]);
            },
            thenThrows(kind: DomainError['kind'], code?: string) {
              let error: unknown;
              try {
                run();
              } catch (e) {
                error = e;
              }
              expect(error).toBeInstanceOf(DomainError);
              expect((error as DomainError).kind).toBe(kind);
              if (code) expect((error as DomainError).code).toBe(code);
            },
          };
        },
      };
    },
  };
}
