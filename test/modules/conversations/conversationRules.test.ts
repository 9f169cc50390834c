import { threadPurposeTable } from '../../../src/modules/conversations/conversationRules';
import { asRichText, replyText } from '../../../src/modules/conversations/inboundMail';
import { plainText } from '../../../src/modules/conversations/messageMail';

test('thread purposes: registered in order; a key not uppercase is kept with a warning; a key registered twice stops the start', () => {
  const warnings: string[] = [];
  const warn = (m: string) => warnings.push(m);
  expect(
    threadPurposeTable(
      [
        { key: 'CONSULT_ACK', module: 'a' },
        { key: 'fieldNotes', module: 'b' },
      ],
      warn,
    ),
  ).toEqual(['CONSULT_ACK', 'fieldNotes']);
  expect(warnings).toEqual(['Thread purpose fieldNotes (module b) is not uppercase']);
  expect(() =>
    threadPurposeTable(
      [
        { key: 'X', module: 'a' },
        { key: 'X', module: 'b' },
      ],
      warn,
    ),
  ).toThrow('Thread purpose X is already registered: by module a, again by module b');
});

test('a reply by mail keeps its own text, not the quoted message', () => {
  expect(replyText('Yes.\r\n\r\nOn Tue, 1 Dec 2026, Ann wrote:\r\n> Can we meet?')).toBe('Yes.');
  expect(replyText('Fine by me\n> quoted line\nthanks\n-----Original Message-----\nFrom: Ann')).toBe('Fine by me\nthanks');
  expect(replyText('Ok\n\nSent from my phone')).toBe('Ok');
  expect(asRichText('One <b>\nline two\n\nNext & last')).toBe('<p>One &lt;b&gt;<br>line two</p><p>Next &amp; last</p>');
});

test('a message as the plain text of its mail', () => {
  expect(plainText('<p>Hello <strong>there</strong></p><ul><li>one</li><li>two</li></ul><p>A &amp; B</p>')).toBe(
    'Hello there\n• one\n• two\nA & B',
  );
});
