/** The result of an API call: the server's JSON body with its status, or a network failure. */
export type ApiResult<T> =
  | { kind: 'ok'; status: number; data: T }
  | { kind: 'error'; status: number; error: string; message: string; fields?: Record<string, string> }
  | { kind: 'network' };

export interface RequestInit {
  /** The visitor's ID token, sent as a Bearer token. */
  token?: string;
  signal?: AbortSignal;
}

/** What a download asks for: its media type and, for a POST (an export that follows a search), its JSON body. */
export interface DownloadInit {
  accept: string;
  method?: 'POST';
  /** JSON text. */
  body?: string;
}

/**
 * How the browser talks to the site's `/api/...` routes. Screens never hold one: each remote's `src/api/<operation>.ts`
 * takes it from React context (`useApiClient`), so a component test swaps it for a fake and needs no network.
 */
export interface ApiClient {
  request<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, init?: RequestInit): Promise<ApiResult<T>>;
  /** A file answer (the certificate PDF) as a Blob, or null on any failure. */
  download(path: string, init: RequestInit & DownloadInit): Promise<Blob | null>;
}

const authorization = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

/** Fetch-based client for the site's `/api/...` routes; never throws, so screens handle every outcome. */
export function createApiClient(baseUrl = ''): ApiClient {
  return {
    async request<T>(method: string, path: string, body?: unknown, init?: RequestInit): Promise<ApiResult<T>> {
      let response: Response;
      // A file (an upload, #28) goes as it is, its name in X-File-Name: the server reads its kind from its bytes.
      const file = typeof Blob !== 'undefined' && body instanceof Blob ? body : null;
      const name = file && 'name' in file && typeof file.name === 'string' ? file.name : '';
      try {
        response = await fetch(baseUrl + path, {
          method,
          credentials: 'same-origin',
          headers: {
            accept: 'application/json',
            ...(file
              ? { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(name) }
              : body !== undefined
                ? { 'content-type': 'application/json' }
                : {}),
            ...authorization(init?.token),
          },
          ...(file ? { body: file } : body !== undefined ? { body: JSON.stringify(body) } : {}),
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
    async download(path, init) {
      try {
        const response = await fetch(baseUrl + path, {
          credentials: 'same-origin',
          // A download with a body (a POST export that follows a search) sends it as JSON.
          ...(typeof init.body === 'string' ? { method: init.method ?? 'POST', body: init.body } : {}),
          headers: {
            accept: init.accept,
            ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
            ...authorization(init.token),
          },
          ...(init.signal ? { signal: init.signal } : {}),
        });
        return response.ok ? await response.blob() : null;
      } catch {
        return null;
      }
    },
  };
}
