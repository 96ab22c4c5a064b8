import { BadRequestException, ValidationPipe } from '@nestjs/common';
import { Transform, Type } from 'class-transformer';
import { IsDate, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { StrictValidationPipe } from '../src/http/validation';

class Paged {
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? Number(value) : value))
  @IsInt()
  @Min(1)
  @Max(50)
  limit?: number;

  @IsOptional()
  @IsString()
  cursor?: string;

  @IsOptional()
  @IsString()
  sceneId?: string;
}

class NeedsName {
  @IsString()
  name!: string;
}

class Since {
  @IsOptional()
  @Type(() => Date)
  @IsDate()
  since?: Date;
}

describe('StrictValidationPipe, query strings (a query that passed is not validated again)', () => {
  let pipe: StrictValidationPipe;
  let validations: jest.SpyInstance;
  const query = (metatype: new () => object, value: unknown) =>
    pipe.transform(value, { type: 'query', metatype });

  beforeEach(() => {
    pipe = new StrictValidationPipe();
    validations = jest.spyOn(ValidationPipe.prototype, 'transform');
  });
  afterEach(() => validations.mockRestore());

  it('validates a query once, then answers a fresh instance of the class for the same text', async () => {
    const first = (await query(Paged, { limit: '20' })) as Paged;
    const second = (await query(Paged, { limit: '20' })) as Paged;
    expect(validations).toHaveBeenCalledTimes(1);
    for (const q of [first, second]) {
      expect(q).toBeInstanceOf(Paged);
      expect(q).toEqual(Object.assign(new Paged(), { limit: 20 }));
    }
    expect(second).not.toBe(first);
  });

  it('keeps nothing a handler changes: the next answer is as validated', async () => {
    const first = (await query(Paged, { limit: '20' })) as Paged;
    first.limit = 3;
    const second = (await query(Paged, { limit: '20' })) as Paged;
    second.cursor = 'x';
    expect(await query(Paged, { limit: '20' })).toEqual(Object.assign(new Paged(), { limit: 20 }));
  });

  it('does the same for an empty query string', async () => {
    const first = (await query(Paged, {})) as Paged;
    first.limit = 3;
    expect(await query(Paged, {})).toEqual(new Paged());
    expect(validations).toHaveBeenCalledTimes(1);
  });

  it('validates each other text, and keeps classes apart', async () => {
    await query(Paged, { limit: '20' });
    await expect(query(Paged, { limit: '51' })).rejects.toBeInstanceOf(BadRequestException);
    await expect(query(Paged, { limit: '20', other: '1' })).rejects.toBeInstanceOf(
      BadRequestException,
    );
    await expect(query(NeedsName, { limit: '20' })).rejects.toBeInstanceOf(BadRequestException);
    expect(validations).toHaveBeenCalledTimes(4);
  });

  it('refuses a refused query every time: refusals are not kept', async () => {
    for (const value of [{ limit: 'x' }, { limit: 'x' }, {}, {}]) {
      const metatype = 'limit' in value ? Paged : NeedsName;
      await expect(query(metatype, value)).rejects.toBeInstanceOf(BadRequestException);
    }
    expect(validations).toHaveBeenCalledTimes(4);
  });

  it('validates each time a query with a value that is not a string', async () => {
    const number = { limit: 20 };
    expect(await query(Paged, number)).toEqual(Object.assign(new Paged(), number));
    expect(await query(Paged, number)).toEqual(Object.assign(new Paged(), number));
    expect(validations).toHaveBeenCalledTimes(2);
  });

  it('keeps a text of 64 characters, not longer', async () => {
    // {"sceneId":"…"} is 14 characters and the value.
    const at = { sceneId: 's'.repeat(50) };
    const past = { sceneId: 's'.repeat(51) };
    for (const value of [at, at, past, past])
      expect(await query(Paged, value)).toEqual(Object.assign(new Paged(), value));
    expect(validations).toHaveBeenCalledTimes(3);
  });

  it('validates each time a query holding a moving position (a cursor, a state token)', async () => {
    for (const value of [{ cursor: 'c1' }, { cursor: 'c1' }, { limit: '5', cursor: 'c1' }])
      expect(await query(Paged, value)).toBeInstanceOf(Paged);
    class Polled {
      @IsOptional()
      @IsString()
      state?: string;

      @IsOptional()
      @IsString()
      lastEventId?: string;
    }
    for (const value of [
      { state: 'a' },
      { state: 'a' },
      { lastEventId: '1' },
      { lastEventId: '1' },
    ])
      expect(await query(Polled, value)).toBeInstanceOf(Polled);
    expect(validations).toHaveBeenCalledTimes(7);
  });

  it('keeps 4 096 texts: the 4 096th is still known, the oldest goes after more', async () => {
    for (let i = 0; i < 4096; i++) await query(Paged, { sceneId: `s${i}` });
    await query(Paged, { sceneId: 's0' });
    expect(validations).toHaveBeenCalledTimes(4096);
    const other = new StrictValidationPipe();
    const ask = (sceneId: string) =>
      other.transform({ sceneId }, { type: 'query', metatype: Paged });
    for (let i = 0; i < 4100; i++) await ask(`s${i}`);
    await ask('s4099');
    expect(validations).toHaveBeenCalledTimes(4096 + 4100);
    await ask('s0');
    expect(validations).toHaveBeenCalledTimes(4096 + 4101);
  });

  it('reads a query without a prototype, as Fastify parses one, like any other', async () => {
    const parsed = Object.assign(Object.create(null) as object, { limit: '20' });
    expect(await query(Paged, parsed)).toEqual(Object.assign(new Paged(), { limit: 20 }));
    expect(await query(Paged, { limit: '20' })).toEqual(Object.assign(new Paged(), { limit: 20 }));
    expect(validations).toHaveBeenCalledTimes(1);
  });

  it('validates each time a query that becomes an object (a copy would share it)', async () => {
    const first = (await query(Since, { since: '2026-11-28' })) as Since;
    first.since?.setFullYear(1999);
    const second = (await query(Since, { since: '2026-11-28' })) as Since;
    expect(second.since).toEqual(new Date('2026-11-28'));
    expect(second.since).not.toBe(first.since);
    expect(validations).toHaveBeenCalledTimes(2);
  });

  it('leaves bodies to the validator every time', async () => {
    for (let i = 0; i < 2; i++)
      await pipe.transform({ name: 'a' }, { type: 'body', metatype: NeedsName });
    expect(validations).toHaveBeenCalledTimes(2);
  });
});
