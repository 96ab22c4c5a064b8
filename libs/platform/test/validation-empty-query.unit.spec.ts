import { BadRequestException } from '@nestjs/common';
import { IsInt, IsOptional, IsString } from 'class-validator';
import { StrictValidationPipe } from '../src/http/validation';

class Paged {
  @IsOptional()
  @IsInt()
  limit?: number;
}

class NeedsName {
  @IsString()
  name!: string;
}

describe('StrictValidationPipe, an empty query string (validated once per class, then copied)', () => {
  const pipe = new StrictValidationPipe();
  const query = (metatype: new () => object, value: unknown) =>
    pipe.transform(value, { type: 'query', metatype });

  it('gives an instance of the query class every time, never the same object twice', async () => {
    const first = await query(Paged, {});
    const second = (await query(Paged, {})) as Paged;
    expect(first).toBeInstanceOf(Paged);
    expect(second).toBeInstanceOf(Paged);
    expect(second).not.toBe(first);
    second.limit = 3;
    expect(await query(Paged, {})).toEqual(new Paged());
  });

  it('still refuses an empty query where a field is required, every time', async () => {
    await expect(query(NeedsName, {})).rejects.toBeInstanceOf(BadRequestException);
    await expect(query(NeedsName, {})).rejects.toBeInstanceOf(BadRequestException);
  });

  it('validates a query that is not empty as before', async () => {
    await query(Paged, {});
    await expect(query(Paged, { limit: 'x' })).rejects.toBeInstanceOf(BadRequestException);
    await expect(query(Paged, { other: '1' })).rejects.toBeInstanceOf(BadRequestException);
  });
});
