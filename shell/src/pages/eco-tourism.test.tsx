/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { site } from 'shared/foundation/site';
import { BookingCall, BookingLink } from './eco-tourism';

describe('RESERVA AHORA', () => {
  it("links to the foundation's listing once the booking address is configured", () => {
    const url = 'https://reservas.example/alojamiento/casa-rural-tejiendo';
    render(<BookingCall url={url} />);
    const link = screen.getByRole('link', { name: 'RESERVA AHORA (se abre en una pestaña nueva)' });
    expect(link.getAttribute('href')).toBe(url);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByText('Consulta disponibilidad y precios en nuestro sitio de reservas.')).toBeTruthy();
  });

  it('is not rendered while the address is pending; the closing call offers the e-mail instead', () => {
    const { container } = render(<BookingLink url={null} />);
    expect(container.innerHTML).toBe('');
    render(<BookingCall url={null} />);
    expect(screen.queryByRole('link', { name: /RESERVA AHORA/ })).toBeNull();
    expect(screen.queryByText(/sitio de reservas/)).toBeNull();
    expect(screen.getByRole('link', { name: site.contact.email }).getAttribute('href')).toBe(
      `mailto:${site.contact.email}?subject=Reserva%20de%20ecoturismo`,
    );
  });
});
