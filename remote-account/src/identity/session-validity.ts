/** What the session check needs from the tokens: expiry and issue times in epoch seconds. */
export interface TokenTimes {
  accessExp: number;
  idExp: number;
  /** Seconds the local clock runs ahead of the provider's (local now − earliest token iat at sign-in). */
  clockDrift: number;
}

/**
 * Spec §4: a session is valid while the clock-drift-adjusted time is before the expiry of both the access and the
 * ID token; otherwise it must be refreshed with the refresh token.
 */
export function isSessionValid({ accessExp, idExp, clockDrift }: TokenTimes, nowMs: number = Date.now()): boolean {
  const adjusted = Math.floor(nowMs / 1000) - clockDrift;
  return adjusted < accessExp && adjusted < idExp;
}

/** Clock drift as the identity library computes it when it receives tokens. */
export function clockDriftOf(accessIat: number, idIat: number, nowMs: number = Date.now()): number {
  return Math.floor(nowMs / 1000) - Math.min(accessIat, idIat);
}
