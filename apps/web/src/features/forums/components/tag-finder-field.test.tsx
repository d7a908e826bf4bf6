import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TagFinderField } from './tag-finder-field';

const tags = [
  { name: 'garden', count: 9 },
  { name: 'gardening-tools', count: 4 },
  { name: 'hiking', count: 2 },
];

describe('TagFinderField', () => {
  it('is a plain field until focused, then the finder takes over with the focus and the text typed meanwhile', async () => {
    const onChange = vi.fn();
    render(<TagFinderField tags={tags} selected={undefined} onChange={onChange} />);
    const standIn = screen.getByRole('combobox', { name: 'Find a tag' });
    expect(standIn).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).toBeNull();

    // Typed before the finder's code has arrived.
    fireEvent.focus(standIn);
    fireEvent.change(standIn, { target: { value: 'gard' } });

    const finder = await screen.findByRole('combobox', { name: 'Find a tag', expanded: true });
    expect(finder).not.toBe(standIn);
    expect(finder).toHaveFocus();
    expect(finder).toHaveValue('gard');
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['#garden9', '#gardening-tools4']);

    await userEvent.click(screen.getByRole('option', { name: /#gardening-tools/ }));
    expect(onChange).toHaveBeenLastCalledWith('gardening-tools');
  });

  it('shows the chosen tag', () => {
    render(<TagFinderField tags={tags} selected="hiking" onChange={vi.fn()} />);
    expect(screen.getByRole('combobox', { name: 'Find a tag' })).toHaveValue('#hiking');
  });

  it('is not there when no tag is in use', () => {
    render(<TagFinderField tags={[]} selected={undefined} onChange={vi.fn()} />);
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
