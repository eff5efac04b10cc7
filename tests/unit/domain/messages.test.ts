import { describe, expect, it } from 'vitest';
import {
  contactSubjectFor,
  createThreadSchema,
  formatMessageTime,
  isThreadNew,
  messageContentSchema,
} from '../../../src/domain';
import { accepts, messageAt } from './issues';

const HOUR = 60 * 60 * 1000;
// Local-time dates, so the expected labels hold in any time zone.
const now = new Date('2024-06-15T12:00:00+01:00'); // Saturday 15 June 2024, noon in London
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('messageContentSchema', () => {
  it('refuses empty or whitespace-only text with "Message cannot be empty"', () => {
    expect(messageAt(messageContentSchema, { content: '' }, 'content')).toBe('Message cannot be empty');
    expect(messageAt(messageContentSchema, { content: ' \n ' }, 'content')).toBe('Message cannot be empty');
    expect(messageAt(messageContentSchema, {}, 'content')).toBe('Message cannot be empty');
  });

  it('accepts 2000 characters and refuses 2001', () => {
    expect(accepts(messageContentSchema, { content: 'x'.repeat(2000) })).toBe(true);
    expect(messageAt(messageContentSchema, { content: 'x'.repeat(2001) }, 'content')).toBe(
      'Message must be at most 2000 characters',
    );
  });

  it('trims the text it sends', () => {
    expect(messageContentSchema.parse({ content: '  hello ' })).toEqual({ content: 'hello' });
  });
});

describe('createThreadSchema', () => {
  const valid = { subject: 'Question about: Harbour', puzzleListingId: 4, recipientId: 9, initialMessage: 'Hi' };

  it('accepts a complete body', () => {
    expect(accepts(createThreadSchema, valid)).toBe(true);
  });

  it('requires a subject of 1 to 200 characters', () => {
    expect(messageAt(createThreadSchema, { ...valid, subject: '  ' }, 'subject')).toBe('Subject is required');
    expect(accepts(createThreadSchema, { ...valid, subject: 'x'.repeat(200) })).toBe(true);
    expect(messageAt(createThreadSchema, { ...valid, subject: 'x'.repeat(201) }, 'subject')).toBe(
      'Subject must be at most 200 characters',
    );
  });

  it('requires an initial message of 1 to 2000 characters', () => {
    expect(messageAt(createThreadSchema, { ...valid, initialMessage: '' }, 'initialMessage')).toBe(
      'Initial message is required',
    );
    expect(accepts(createThreadSchema, { ...valid, initialMessage: 'x'.repeat(2001) })).toBe(false);
  });

  it('requires integer listing and recipient ids', () => {
    expect(messageAt(createThreadSchema, { ...valid, puzzleListingId: undefined }, 'puzzleListingId')).toBe(
      'Puzzle listing is required',
    );
    expect(accepts(createThreadSchema, { ...valid, recipientId: 1.5 })).toBe(false);
    expect(accepts(createThreadSchema, { ...valid, recipientId: '9' })).toBe(false);
  });

  it('prefills the contact subject', () => {
    expect(contactSubjectFor('Harbour at Dusk')).toBe('Question about: Harbour at Dusk');
  });
});

describe('isThreadNew', () => {
  it('is new under 24 hours and not at 24 hours', () => {
    expect(isThreadNew(ago(24 * HOUR - 1), now)).toBe(true);
    expect(isThreadNew(ago(24 * HOUR), now)).toBe(false);
    expect(isThreadNew(ago(0), now)).toBe(true);
  });

  it('accepts ISO strings and treats no last message as not new', () => {
    expect(isThreadNew(ago(HOUR).toISOString(), now)).toBe(true);
    expect(isThreadNew(null, now)).toBe(false);
  });
});

describe('formatMessageTime', () => {
  it('shows the time under 24 hours', () => {
    expect(formatMessageTime(ago(2 * HOUR), now)).toBe('10:00');
    expect(formatMessageTime(ago(24 * HOUR - 1000), now)).toBe('12:00');
  });

  it('shows the short weekday from 24 hours to under 168 hours', () => {
    expect(formatMessageTime(ago(24 * HOUR), now)).toBe('Fri');
    expect(formatMessageTime(ago(3 * 24 * HOUR), now)).toBe('Wed');
    expect(formatMessageTime(ago(168 * HOUR - 1000), now)).toBe('Sat');
  });

  it('shows month and day from 168 hours', () => {
    expect(formatMessageTime(ago(168 * HOUR), now)).toBe('8 Jun');
    expect(formatMessageTime(new Date('2023-12-25T09:00:00Z'), now)).toBe('25 Dec');
  });
});
