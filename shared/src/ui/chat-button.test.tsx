/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { chatLink, site, telLink } from '../foundation/site';
import { ChatButton } from './chat-button';

describe('ChatButton', () => {
  it('opens a chat with the configured number and the message, in a new tab', () => {
    render(
      <ChatButton className="btn" message="Hola, quiero información." phone="573107421938">
        Escríbenos por chat
      </ChatButton>,
    );
    const link = screen.getByRole('link', { name: 'Escríbenos por chat (abre el chat en una pestaña nueva)' });
    expect(link.getAttribute('href')).toBe('https://wa.me/573107421938?text=Hola%2C%20quiero%20informaci%C3%B3n.');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('renders nothing while the number is pending', () => {
    const { container } = render(
      <ChatButton className="btn" message="Hola" phone={null}>
        Escríbenos por chat
      </ChatButton>,
    );
    expect(container.innerHTML).toBe('');
    expect(chatLink('Hola', null)).toBeNull();
  });

  it("follows the foundation's configuration by default", () => {
    render(
      <ChatButton className="btn" message="Hola">
        Escríbenos por chat
      </ChatButton>,
    );
    expect(screen.queryAllByRole('link')).toHaveLength(site.contact.chatPhone ? 1 : 0);
  });
});

describe('telLink', () => {
  it('dials the digits of the phone as visitors read it, and nothing while it is pending', () => {
    expect(telLink('+57 608 742 1938')).toBe('tel:+576087421938');
    expect(telLink(null)).toBeNull();
  });
});
