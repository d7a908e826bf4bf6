import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StaffBadge } from './staff-badge';

describe('StaffBadge', () => {
  it('names a moderator and an admin in words', () => {
    const { container } = render(
      <p>
        mod
        <StaffBadge role="moderator" /> and boss
        <StaffBadge role="admin" />
      </p>,
    );
    expect(screen.getByText('Moderator')).toBeVisible();
    expect(screen.getByText('Admin')).toBeVisible();
    expect(container).toHaveTextContent('mod Moderator and boss Admin');
  });

  it('shows nothing for a member or an author without a role', () => {
    const { container } = render(
      <>
        <StaffBadge role="member" />
        <StaffBadge role={undefined} />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
