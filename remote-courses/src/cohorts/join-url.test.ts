import { describe, expect, it } from '@jest/globals';
import { isJoinUrl } from './schemas';

describe('a cohort’s link to join its classes (#31)', () => {
  it('takes the https links people paste from their meeting tools', () => {
    for (const link of [
      'https://meet.google.com/abc-defg-hij',
      'https://us02web.zoom.us/j/123?pwd=x',
      'https://teams.microsoft.com/l/meetup-join/1',
    ])
      expect(isJoinUrl(link)).toBe(true);
  });

  it('refuses what shows one address and opens another, or reaches what a student should never be sent to', () => {
    for (const link of [
      'http://meet.google.com/abc',
      'javascript:alert(1)',
      'https://usuario:clave@meet.example.com/',
      'https://evil.example\\@meet.google.com/',
      'https://gооgle.com/x', // Cyrillic o's
      'https://127.0.0.1/clase',
      'https://[::1]/clase',
      'https://meet.google.com/abc def',
      'https://localhost/clase',
    ])
      expect(isJoinUrl(link)).toBe(false);
  });
});
