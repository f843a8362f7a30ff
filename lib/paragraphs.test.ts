import { describe, expect, it } from 'vitest';
import { toParagraphs } from './paragraphs.ts';

describe('toParagraphs', () => {
  it('parts a text at its blank lines, keeping single line breaks inside a paragraph', () => {
    expect(toParagraphs('One.\nStill one.\n\nTwo.')).toEqual(['One.\nStill one.', 'Two.']);
  });

  it('reads Windows line ends, several blank lines and blank lines holding spaces as one break', () => {
    expect(toParagraphs('One.\r\n\r\nTwo.\n\n\n\nThree.\n  \t\nFour.')).toEqual([
      'One.',
      'Two.',
      'Three.',
      'Four.',
    ]);
  });

  it('trims each paragraph and leaves out empty ones', () => {
    expect(toParagraphs('\n\n  One.  \n\n\n')).toEqual(['One.']);
    expect(toParagraphs('   ')).toEqual([]);
  });
});
