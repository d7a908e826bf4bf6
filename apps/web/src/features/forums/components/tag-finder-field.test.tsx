import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TagFinderField as Field } from './tag-finder-field';

// Each test starts before the finder's code has loaded: the field keeps it once it has.
let TagFinderField: typeof Field;
beforeEach(async () => {
  vi.resetModules();
  ({ TagFinderField } = await import('./tag-finder-field'));
});

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
    act(() => standIn.focus());
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

  it('leaves the focus where it went if it left the field before the finder arrived', async () => {
    render(
      <>
        <TagFinderField tags={tags} selected={undefined} onChange={vi.fn()} />
        <button type="button">Next</button>
      </>,
    );
    act(() => screen.getByRole('combobox', { name: 'Find a tag' }).focus());
    act(() => screen.getByRole('button', { name: 'Next' }).focus());
    // The finder (MUI's, with its "Open" button) has arrived, unfocused and closed.
    expect(await screen.findByRole('button', { name: 'Open' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Find a tag' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
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
