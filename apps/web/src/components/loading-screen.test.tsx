import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingScreen } from './loading-screen';
import { renderWithTheme } from '../../test/render';

describe('LoadingScreen', () => {
  it('shows the product logo and an indeterminate progress bar', () => {
    renderWithTheme(<LoadingScreen />);
    expect(screen.getByRole('img', { name: 'Agora logo' })).toBeInTheDocument();
    const bar = screen.getByRole('progressbar');
    // Indeterminate: no value is announced.
    expect(bar).not.toHaveAttribute('aria-valuenow');
  });
});
