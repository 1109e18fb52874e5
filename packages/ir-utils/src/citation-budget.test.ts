import { describe, expect, it } from 'vitest';
import { CitationBudget, MAX_CITATION_CHARS_PER_ANSWER, MAX_CITATIONS_PER_ANSWER } from './citation-budget.js';

describe('an answer’s citation budget', () => {
  it('counts the same page for the same span and words of the same part once', () => {
    const budget = new CitationBudget();
    const citation = { url: 'https://a.example/', startIndex: 0, endIndex: 5 };
    expect(budget.admit(citation)).toBe(true);
    expect(budget.admit({ ...citation, title: 'again' })).toBe(false);
    expect(budget.admit(citation, 1)).toBe(true);
    expect(budget.admit({ ...citation, endIndex: 6 })).toBe(true);
    expect(budget.admit({ url: 'https://a.example/', citedText: 'one' })).toBe(true);
    expect(budget.admit({ url: 'https://a.example/', citedText: 'two' })).toBe(true);
  });

  it('refuses citations past the count or the characters they repeat', () => {
    const many = new CitationBudget();
    const admitted = Array.from({ length: MAX_CITATIONS_PER_ANSWER + 10 }, (_, n) =>
      many.admit({ url: `https://a.example/${n}` }),
    );
    expect(admitted.filter(Boolean)).toHaveLength(MAX_CITATIONS_PER_ANSWER);
    const long = new CitationBudget();
    const span = { url: 'https://a.example/', startIndex: 0, endIndex: MAX_CITATION_CHARS_PER_ANSWER / 2 };
    expect(long.admit(span)).toBe(true);
    expect(long.admit({ ...span, url: 'https://b.example/' })).toBe(false);
    expect(long.admit({ url: 'https://c.example/', startIndex: 0, endIndex: 10 })).toBe(true);
  });
});
