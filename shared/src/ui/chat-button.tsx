import type { ReactNode } from 'react';
import { chatLink, site } from '../foundation/site';

export interface ChatButtonProps {
  /** The message the chat opens with. */
  message: string;
  className: string;
  children: ReactNode;
  /** Read after the label by screen readers: the chat opens in a new tab. */
  newTab?: string;
  /** The WhatsApp number; the foundation's configured one unless a test gives another. */
  phone?: string | null;
}

/** Whether the foundation's chat number is configured (a page can drop the place it keeps for the button). */
export const chatAvailable = (phone: string | null = site.contact.chatPhone) => Boolean(phone);

/**
 * A chat with the foundation in a new tab (the visitor keeps the page). Nothing while the number is pending
 * (pending until the staff publish it on /equipo/fundacion): a button to a made-up number would open a chat with nobody.
 */
export function ChatButton({
  message,
  className,
  children,
  newTab = '(abre el chat en una pestaña nueva)',
  phone = site.contact.chatPhone,
}: ChatButtonProps) {
  const href = chatLink(message, phone);
  if (!href) return null;
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {newTab}</span>
    </a>
  );
}
