/** The result of an API call: the server's JSON body with its status, or a network failure. */
export type ApiResult<T> =
  | { kind: 'ok'; status: number; data: T }
  | { kind: 'error'; status: number; error: string; message: string; fields?: Record<string, string> }
  | { kind: 'network' };

export interface ApiClient {
  request<T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    init?: { token?: string; signal?: AbortSignal },
  ): Promise<ApiResult<T>>;
}

/** Fetch-based client for the site's `/api/...` routes; never throws, so screens handle every outcome. */
export function createApiClient(baseUrl = ''): ApiClient {
  return {
    async request<T>(method: string, path: string, body?: unknown, init?: { token?: string; signal?: AbortSignal }): Promise<ApiResult<T>> {
      let response: Response;
      try {
        response = await fetch(baseUrl + path, {
          method,
          credentials: 'same-origin',
          headers: {
            accept: 'application/json',
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...(init?.token ? { authorization: `Bearer ${init.token}` } : {}),
          },
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
          ...(init?.signal ? { signal: init.signal } : {}),
        });
      } catch {
        return { kind: 'network' };
      }
      let json: unknown = null;
      try {
        json = await response.json();
      } catch {
        json = null;
      }
      if (response.ok) return { kind: 'ok', status: response.status, data: json as T };
      const err = (json ?? {}) as { error?: string; message?: string; fields?: Record<string, string> };
      return {
        kind: 'error',
        status: response.status,
        error: err.error ?? 'http_error',
        message: err.message ?? '',
        ...(err.fields ? { fields: err.fields } : {}),
      };
    },
  };
}

/** The default client for same-origin API calls. */
export const apiClient = createApiClient();
