import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CreateResidentialDealDto,
  envelope,
  ErrorDto,
  FailureResponse,
  ImportErrorDto,
  issuesToErrorDto,
  TokenRequest,
  UpdateDealsRequestDto,
} from '../../../src-main/contract';

const errorOf = (schema: z.ZodType, input: unknown, withInput = true) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a validation failure');
  return withInput ? issuesToErrorDto(result.error, input) : issuesToErrorDto(result.error);
};

describe('issuesToErrorDto', () => {
  it('names a missing field with MissingMandatoryField and its expected type', () => {
    const error = errorOf(UpdateDealsRequestDto, { itemsToUpdate: [{ updates: [] }] });
    expect(error).toMatchObject({ target: 'itemsToUpdate.0.id', code: 'MissingMandatoryField', details: [] });
    expect(error.message).toBe('itemsToUpdate.0.id is required (expected a string)');
  });

  it('reports a missing enum value as missing when given the input or parsed with reportInput', () => {
    const schema = z.object({ loanType: z.enum(['Bridge', 'Permanent']) });
    expect(errorOf(schema, {}).code).toBe('MissingMandatoryField');
    const result = schema.safeParse({}, { reportInput: true });
    expect(issuesToErrorDto(result.error!).code).toBe('MissingMandatoryField');
  });

  it('recognises a missing plain value without the input from zod’s own message', () => {
    expect(errorOf(TokenRequest, { grant_type: 'client_credentials', audience: 'a', client_id: 'c' }, false))
      .toMatchObject({ target: 'client_secret', code: 'MissingMandatoryField' });
  });

  it('reports a value of the wrong type as ValidationError naming the field and the expected type', () => {
    const error = errorOf(CreateResidentialDealDto, { loanAmount: 'a lot' });
    expect(error).toMatchObject({ target: 'loanAmount', code: 'ValidationError' });
    expect(error.message).toBe('loanAmount must be a number');
  });

  it('explains enum, range, integer and date failures in words', () => {
    const schema = z.object({
      kind: z.enum(['A', 'B']),
      amount: z.number().positive(),
      term: z.int(),
      on: z.iso.date(),
      name: z.string().min(1),
    });
    const error = errorOf(schema, { kind: 'C', amount: 0, term: 1.5, on: '2025-02-30', name: '' });
    expect([error, ...error.details].map((e) => (typeof e === 'string' ? e : e.message))).toEqual([
      'kind must be one of "A", "B"',
      'amount must be greater than 0',
      'term must be an integer',
      'on must be a real calendar date in YYYY-MM-DD format',
      'name must be non-empty',
    ]);
  });

  it('lists every further issue in details, each as an ErrorDto', () => {
    const error = errorOf(CreateResidentialDealDto, {
      loanAmount: -5,
      loanTerm: 'ten',
      address: { latLng: { lat: 'north' } },
    });
    // Issues come in the schema's field order.
    expect(error).toMatchObject({ target: 'address.latLng.lat', code: 'ValidationError' });
    expect(error.details).toEqual([
      expect.objectContaining({ target: 'address.latLng.lng', code: 'MissingMandatoryField', details: [] }),
      expect.objectContaining({ target: 'loanAmount', code: 'ValidationError' }),
      expect.objectContaining({ target: 'loanTerm', code: 'ValidationError' }),
    ]);
    expect(ErrorDto.parse(error)).toEqual(error);
  });

  it('never echoes the offending value, which may be a secret', () => {
    const secret = 'sk_live_do_not_log_me';
    const error = errorOf(z.object({ grant_type: z.literal('client_credentials'), n: z.number() }), {
      grant_type: secret,
      n: secret,
    });
    expect(JSON.stringify(error)).not.toContain(secret);
    const reported = z.object({ n: z.number() }).safeParse({ n: secret }, { reportInput: true });
    expect(JSON.stringify(issuesToErrorDto(reported.error!))).not.toContain(secret);
  });

  it('targets the body when the input is not an object at all', () => {
    expect(errorOf(UpdateDealsRequestDto, [1, 2])).toMatchObject({ target: 'body', code: 'ValidationError' });
  });
});

describe('ErrorDto', () => {
  it('nests ErrorDtos and plain strings in details, as the spec samples do', () => {
    const error = {
      target: 'itemsToUpdate',
      code: 'ValidationError',
      message: 'Invalid items',
      details: [
        'a plain string detail',
        { target: 'itemsToUpdate.0', code: 'MissingEntity', message: 'Unknown deal', details: ['deeper'] },
      ],
    };
    expect(ErrorDto.parse(error)).toEqual(error);
    expect(ErrorDto.safeParse({ ...error, details: [42] }).success).toBe(false);
    expect(ErrorDto.safeParse({ ...error, code: 'Oops' }).success).toBe(false);
  });

  it('extends to the import error with entity, field, client item and operation', () => {
    const error = {
      target: 'collaterals.0.collateralCreateData.dealIds',
      code: 'MissingEntity',
      message: 'Unknown deal',
      details: [],
      entityId: 'd-404',
      fieldName: 'dealIds',
      clientItemId: 'row-7',
      bulkOperationType: 'Create',
    };
    expect(ImportErrorDto.parse(error)).toEqual(error);
  });
});

describe('envelope', () => {
  const Dto = envelope({ value: z.number() });

  it('carries success and a null error on success', () => {
    expect(Dto.parse({ success: true, error: null, value: 1 })).toEqual({ success: true, error: null, value: 1 });
    expect(Dto.safeParse({ success: true, value: 1 }).success).toBe(false);
  });

  it('describes a failure without the DTO fields', () => {
    const failure = {
      success: false,
      error: { target: 'Authorization', code: 'ValidationError', message: 'Invalid token', details: [] },
    };
    expect(FailureResponse.parse(failure)).toEqual(failure);
    expect(FailureResponse.safeParse({ ...failure, success: true }).success).toBe(false);
  });
});
