import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import AboutPage from './pages/about-page';
import FaqPage from './pages/faq-page';
import UserGuidePage from './pages/user-guide-page';

describe('help pages', () => {
  it('FAQ: groups questions under headings and opens an answer on click', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FaqPage />);

    expect(
      screen.getByRole('heading', { level: 1, name: 'Frequently asked questions' }),
    ).toBeInTheDocument();
    for (const topic of [
      'Your account',
      'Discussions, polls and quizzes',
      'Chat and notifications',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: topic })).toBeInTheDocument();
    }

    const question = screen.getByRole('button', { name: 'How do I turn on two-factor sign-in?' });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(
      screen.getByRole('region', { name: 'How do I turn on two-factor sign-in?' }),
    ).toHaveTextContent('two-factor authentication');
  });

  it('About us: explains the licence and self-hosting', () => {
    renderWithProviders(<AboutPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'About Agora' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Free and open source' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Run it yourself, with one command' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/GNU Affero General Public License/)).toBeInTheDocument();
    expect(screen.getByText('npm start')).toBeInTheDocument();
  });

  it('User guide: lists its sections in a table of contents that links to each heading', () => {
    renderWithProviders(<UserGuidePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'User guide' })).toBeInTheDocument();

    const contents = screen.getByRole('navigation', { name: 'Contents' });
    const links = within(contents).getAllByRole('link');
    expect(links.length).toBeGreaterThanOrEqual(8);
    for (const link of links) {
      const id = link.getAttribute('href')?.slice(1) ?? '';
      const section = document.getElementById(id);
      expect(section).not.toBeNull();
      expect(within(section as HTMLElement).getByRole('heading', { level: 2 })).toHaveTextContent(
        link.textContent ?? '',
      );
    }
    expect(screen.getByRole('heading', { level: 2, name: 'Chat' })).toBeInTheDocument();
  });
});
