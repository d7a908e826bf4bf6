import { describe, expect, it } from 'vitest';
import { presentPage } from './present-page';

describe('presentPage', () => {
  it('presents each row alone and keeps the next cursor', () => {
    const label = (row: { id: number }, prefix = '#') => `${prefix}${row.id}`;
    expect(presentPage({ rows: [{ id: 1 }, { id: 2 }], next: 'abc' }, label)).toEqual({
      results: ['#1', '#2'],
      next: 'abc',
    });
    expect(presentPage({ rows: [], next: null }, label)).toEqual({ results: [], next: null });
  });
});
