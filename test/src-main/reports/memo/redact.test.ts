import { describe, expect, it } from 'vitest';
import { redactStrings, ssnRedactor } from '../../../../src-main/reports/memo/redact';

describe('ssnRedactor', () => {
  const redact = ssnRedactor(['123-45-6789', null, '12']);

  it('masks numbers written the way SSNs are, known or not', () => {
    expect(redact('SSN 987-65-4321 on file')).toBe('SSN ***-**-4321 on file');
    expect(redact('987 65 4321')).toBe('***-**-4321');
  });

  it('masks a known number however it is written, plain digits included', () => {
    expect(redact('bureau pull for 123456789.')).toBe('bureau pull for ***-**-6789.');
    expect(redact('123.45.6789 / 123-456789')).toBe('***-**-6789 / ***-**-6789');
  });

  it('leaves money, dates, phone numbers, EINs, longer digit runs and other nine-digit numbers alone', () => {
    for (const text of ['$123,456,789', '2027-03-04', '(214) 555-0150', '93-9683445', '1234567890', 'LN-987654321', '0123-45-67890']) {
      expect(redact(text)).toBe(text);
    }
  });
});

describe('redactStrings', () => {
  it('redacts every string of a document definition, inside arrays, objects and what functions return', () => {
    const redact = (s: string) => s.replace(/secret/g, '******');
    const date = new Date('2026-11-22T10:00:00Z');
    const doc = {
      content: ['a secret', { text: ['x', { text: 'secret' }], fontSize: 9 }],
      info: { creationDate: date },
      footer: (page: number) => ({ text: `page ${page}: secret` }),
    };
    const out = redactStrings(doc, redact);
    expect(out.content).toEqual(['a ******', { text: ['x', { text: '******' }], fontSize: 9 }]);
    expect(out.info.creationDate).toBe(date);
    expect(out.footer(3)).toEqual({ text: 'page 3: ******' });
    expect(doc.content[0]).toBe('a secret');
  });
});
