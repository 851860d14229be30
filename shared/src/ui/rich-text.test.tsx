/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import type { SanitizedHtml } from '../schemas/rich-text';
import { RichText } from './rich-text';

// What the server stored (shared/server/rich-text sanitised it; its tests check that). The cast stands for that step.
const stored =
  '<h2>Un año de talleres</h2><p>Con <strong>312 niñas y niños</strong> y <a href="/informes" rel="noopener noreferrer">el informe</a>.</p><img src="/archivos/2026/taller.webp" alt="Niñas leyendo" />' as SanitizedHtml;

describe('RichText', () => {
  it('shows a stored post as its headings, text, links and described images', () => {
    render(<RichText html={stored} as="article" />);
    expect(screen.getByRole('article')).toHaveProperty('className', 'rich-text');
    expect(screen.getByRole('heading', { level: 2, name: 'Un año de talleres' })).toBeTruthy();
    expect(screen.getByText('312 niñas y niños').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'el informe' }).getAttribute('href')).toBe('/informes');
    expect(screen.getByRole('img', { name: 'Niñas leyendo' }).getAttribute('src')).toBe('/archivos/2026/taller.webp');
  });
});
