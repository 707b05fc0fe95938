// Text people type reaches other people's screens (support's terminal, a creator's dashboard): the request
// schemas refuse control characters and direction overrides, naming the field.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CancelItineraryBodySchema,
  CreateItineraryBodySchema,
  multiLineText,
  PublicNameSchema,
  RequestVerificationBodySchema,
  SendMessageBodySchema,
  SetGuestDetailsBodySchema,
  singleLineText,
  TravelPackageRequestBodySchema,
  UpdateCustomerDataBodySchema,
  validationMessages,
} from '../src/index.js';

const ESC = '\u001b';
const CLEAR_SCREEN = `Ada${ESC}[2J`;
const OSC8_LINK = `${ESC}]8;;https://evil.example/${ESC}\\Open your booking${ESC}]8;;${ESC}\\`;
const message = validationMessages.controlCharacters;

const issues = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('one line of text', () => {
  const schema = singleLineText(z.string().trim().max(120));

  it.each([
    ['the clear-screen escape', CLEAR_SCREEN],
    ['an OSC 8 hyperlink', OSC8_LINK],
    ['a bell', 'Ada\u0007'],
    ['a NUL', 'Ada\u0000Lovelace'],
    ['a carriage return', 'Ada\rEve'],
    ['a newline', 'Ada\nLovelace'],
    ['a tab', 'Ada\tLovelace'],
    ['DEL', 'Ada\u007f'],
    ['the C1 control sequence introducer', 'Ada\u009b2J'],
    ['a right-to-left override', 'Ada \u202egnp.exe'],
    ['a left-to-right embedding', '\u202aAda\u202c'],
    ['a first-strong isolate', '\u2068Ada\u2069'],
  ])('refuses %s', (_case, text) => {
    expect(issues(schema.safeParse(text))).toEqual([`: ${message}`]);
  });

  it.each(['Ada Lovelace', 'José Ñúñez-García', '山田 太郎', 'Zoë 🏝️', 'محمد\u200fعلي', "O'Brien & Sons"])(
    'accepts %j',
    (text) => {
      expect(schema.parse(text)).toBe(text);
    },
  );

  it('trims as the field says, then judges what is left', () => {
    expect(schema.parse('  Ada  ')).toBe('Ada');
    expect(PublicNameSchema.safeParse(`Cara${ESC}[2J`).success).toBe(false);
  });
});

describe('text that may span lines', () => {
  const schema = multiLineText(z.string().trim().max(1_000));

  it('keeps newlines and tabs, and turns CRLF and a lone CR into LF', () => {
    expect(schema.parse('Day one:\n\t- the beach\n')).toBe('Day one:\n\t- the beach');
    expect(schema.parse('one\r\ntwo\rthree')).toBe('one\ntwo\nthree');
  });

  it.each([
    ['the clear-screen escape', `Hi\n${CLEAR_SCREEN}`],
    ['an OSC 8 hyperlink', OSC8_LINK],
    ['a form feed', 'page\fbreak'],
    ['a vertical tab', 'a\u000bb'],
    ['a C1 control', 'a\u0085b'],
    ['a right-to-left override', 'a\u202eb'],
  ])('refuses %s', (_case, text) => {
    expect(issues(schema.safeParse(text))).toEqual([`: ${message}`]);
  });
});

describe('request bodies', () => {
  const guest = { email: 'ada@example.test', phone: '+44 20 7946 0000' };

  it('name the field that carries an escape: guest names, the lead guest, the title', () => {
    const guests = SetGuestDetailsBodySchema.safeParse({
      leadGuest: { ...guest, name: OSC8_LINK },
      rooms: [{ lineItemId: 'l1', holdId: 'h1', guestNames: ['Ada', CLEAR_SCREEN] }],
    });
    expect(issues(guests)).toEqual([`leadGuest.name: ${message}`, `rooms.0.guestNames.1: ${message}`]);
    expect(issues(UpdateCustomerDataBodySchema.safeParse({ leadGuest: { name: 'Ada' }, title: CLEAR_SCREEN }))).toEqual(
      [`title: ${message}`],
    );
    expect(issues(CreateItineraryBodySchema.safeParse({ title: OSC8_LINK }))).toEqual([`title: ${message}`]);
  });

  it('take multi-line notes and messages as written', () => {
    expect(CancelItineraryBodySchema.parse({ note: 'Asked by phone\nrefund agreed' })).toEqual({
      note: 'Asked by phone\nrefund agreed',
    });
    expect(RequestVerificationBodySchema.parse({ note: 'My channels:\r\nvideo and press' }).note).toBe(
      'My channels:\nvideo and press',
    );
    expect(SendMessageBodySchema.safeParse({ text: `Plan a week\n${ESC}[2J` }).success).toBe(false);
    expect(
      issues(TravelPackageRequestBodySchema.safeParse({ creatorSlug: 'cara', message: `Hello ${OSC8_LINK}` })),
    ).toEqual([`message: ${message}`]);
  });
});
