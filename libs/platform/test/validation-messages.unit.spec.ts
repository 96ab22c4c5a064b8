import { BadRequestException } from '@nestjs/common';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { StrictValidationPipe } from '../src/http/validation';
import { TextLength } from '../src/http/text';
import { toInt } from '../src/http/query';

class Inner {
  @IsInt()
  @Min(1)
  step!: number;
}

class Body {
  @IsString()
  @TextLength(1, 100)
  @MaxLength(100)
  name!: string;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(50)
  limit?: number;

  @IsOptional()
  @ValidateNested()
  @Type(() => Inner)
  inner?: Inner;
}

/** The 400 messages a person reads: one per refused field, the reason that matters first. */
describe('StrictValidationPipe, the messages of a 400', () => {
  const pipe = new StrictValidationPipe();
  const messages = async (value: unknown, type: 'body' | 'query' = 'body') => {
    try {
      await pipe.transform(value, { type, metatype: Body });
    } catch (error) {
      expect(error).toBeInstanceOf(BadRequestException);
      return (error as BadRequestException).getResponse() as { message: string[] };
    }
    throw new Error('accepted');
  };

  it('says a missing required field is required, once', async () => {
    expect((await messages({})).message).toEqual(['name is required']);
  });

  it('says a limit that is not an integer must be an integer, and nothing else', async () => {
    expect((await messages({ name: 'a', limit: 'abc' }, 'query')).message).toEqual([
      'limit must be an integer number',
    ]);
    expect((await messages({ name: 'a', limit: '1.5' }, 'query')).message).toEqual([
      'limit must be an integer number',
    ]);
  });

  it('keeps every range message of a value of the right type', async () => {
    expect((await messages({ name: 'a', limit: '99' }, 'query')).message).toEqual([
      'limit must not be greater than 50',
    ]);
  });

  it('names a nested field by its path, and an unknown field as unknown', async () => {
    expect((await messages({ name: 'a', inner: { step: 0 } })).message).toEqual([
      'inner.step must not be less than 1',
    ]);
    expect((await messages({ name: 'a', extra: 1 })).message).toEqual([
      'property extra should not exist',
    ]);
  });

  it('never echoes the refused value', async () => {
    const body = await messages({ name: 'x'.repeat(101) });
    expect(JSON.stringify(body)).not.toContain('xxxx');
  });
});
