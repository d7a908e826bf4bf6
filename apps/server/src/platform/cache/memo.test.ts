import { describe, expect, it } from 'vitest';
import { Memo } from './memo';

describe('Memo', () => {
  it('computes a key once while held, for concurrent callers too', async () => {
    const memo = new Memo<number>(10);
    let calls = 0;
    const compute = async () => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return calls;
    };
    const results = await Promise.all([memo.get('a', compute), memo.get('a', compute)]);
    expect(results).toEqual([1, 1]);
    expect(await memo.get('a', compute)).toBe(1);
    expect(await memo.get('b', compute)).toBe(2);
    expect(calls).toBe(2);
  });

  it('forgets a failed computation, so the next caller tries again', async () => {
    const memo = new Memo<string>(10);
    await expect(memo.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await memo.get('a', () => Promise.resolve('up'))).toBe('up');
  });

  it('drops the oldest key past its capacity, and everything on clear', async () => {
    const memo = new Memo<string>(2);
    await memo.get('a', () => Promise.resolve('a1'));
    await memo.get('b', () => Promise.resolve('b1'));
    await memo.get('c', () => Promise.resolve('c1'));
    expect(await memo.get('a', () => Promise.resolve('a2'))).toBe('a2');
    expect(await memo.get('c', () => Promise.resolve('c2'))).toBe('c1');
    memo.clear();
    expect(await memo.get('c', () => Promise.resolve('c3'))).toBe('c3');
  });
});
